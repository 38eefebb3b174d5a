import { AwsFault } from './aws-http.ts';
import { ExpressionError, isTimeZone, parseExpression, type Expression } from './schedule-expression.ts';

/** What CreateSchedule/UpdateSchedule take, as the model reads it off the wire (dates in epoch seconds). */
export interface ScheduleInput {
  Name: string;
  GroupName?: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone?: string;
  StartDate?: number | string;
  EndDate?: number | string;
  Description?: string;
  State?: 'ENABLED' | 'DISABLED';
  KmsKeyArn?: string;
  ActionAfterCompletion?: 'NONE' | 'DELETE';
  FlexibleTimeWindow: { Mode: 'OFF' | 'FLEXIBLE'; MaximumWindowInMinutes?: number };
  Target: { Arn: string; RoleArn: string; Input?: string; RetryPolicy?: object; DeadLetterConfig?: { Arn?: string }; [other: string]: unknown };
}

const invalid = (message: string) => new AwsFault(400, 'ValidationException', message);
/** StartDate may lie at most this far in the past (service documentation for StartDate). */
const START_GRACE_MS = 5 * 60_000;

/** The checks beyond the model that the service makes on a schedule's expression, zone, window and dates. */
export function checkSchedule(input: ScheduleInput, now: number): Expression {
  let expression: Expression;
  try {
    expression = parseExpression(input.ScheduleExpression);
  } catch (error) {
    throw invalid(`Invalid Schedule Expression ${input.ScheduleExpression}.${error instanceof ExpressionError ? ` ${error.message}` : ''}`);
  }
  if (input.ScheduleExpressionTimezone !== undefined && !isTimeZone(input.ScheduleExpressionTimezone)) throw invalid(`Invalid ScheduleExpressionTimezone ${input.ScheduleExpressionTimezone}.`);
  const window = input.FlexibleTimeWindow;
  if (window.Mode === 'OFF' && window.MaximumWindowInMinutes !== undefined) throw invalid('MaximumWindowInMinutes must not be set when FlexibleTimeWindow Mode is OFF.');
  if (window.Mode === 'FLEXIBLE' && window.MaximumWindowInMinutes === undefined) throw invalid('MaximumWindowInMinutes is required when FlexibleTimeWindow Mode is FLEXIBLE.');
  const start = epochMs(input.StartDate);
  const end = epochMs(input.EndDate);
  if (start !== undefined && start < now - START_GRACE_MS) throw invalid('The StartDate you specify cannot be earlier than 5 minutes ago.');
  if (end !== undefined && end <= now) throw invalid('The EndDate you specify cannot be earlier than the current time.');
  if (start !== undefined && end !== undefined && end <= start) throw invalid('The EndDate you specify must be later than the StartDate.');
  return expression;
}

/** A timestamp member as ms: epoch seconds in a JSON body, ISO text elsewhere. */
export const epochMs = (value: number | string | undefined) => (value === undefined ? undefined : typeof value === 'number' ? value * 1000 : Date.parse(value));
