import { RESPONSE_TIME_DAYS, type FiringDto, type FiringsDto, type ResponseTimeDto } from '@portal/shared/automation/automation.schema';
import { durationsOf, medianOf, percentileOf } from '@portal/shared/reports/durations';
import { firstAccepts } from '../actions/public.ts';
import { userNames } from '../users/public.ts';
import { toFiringDto } from './firing-dto.ts';
import { firedSince, latestFirings } from './firings.repository.ts';
import { actionIdsOf, firstAnswerOf } from './first-answer.ts';

/**
 * Fired firings the response time reads at most: a trigger fired more often in 7 days is timed over
 * its latest this many (one Query, and a BatchGetItem per 100 of their actions).
 */
export const RESPONSE_TIME_FIRINGS_MAX = 1_000;

/**
 * Median (the mean of the middle two for an even count, rounded) and slowest of the times to the
 * first accept: the reports' rule (shared/src/reports/durations.ts), so the two pages agree.
 */
export function responseTimeOf(afterMs: readonly number[]): ResponseTimeDto {
  const durations = durationsOf(afterMs);
  return { count: afterMs.length, median_ms: medianOf(durations), slowest_ms: percentileOf(durations, 1) };
}

/**
 * A trigger's page (decision 0039): its latest FIRINGS_SHOWN firings, newest first, each with who
 * accepted its actions first and how long after the firing; and the response time over the last
 * RESPONSE_TIME_DAYS: of the fired firings with an accepted action, the median and the slowest time
 * from the firing to the first accept. Two Queries of the firing rows, the actions' first accepts
 * (actions/public.ts) and the names of those shown (users/public.ts).
 */
export async function listFirings(orgId: string, triggerId: string, now: Date): Promise<FiringsDto> {
  const since = new Date(now.getTime() - RESPONSE_TIME_DAYS * 86_400_000).toISOString();
  const [latest, recent] = await Promise.all([latestFirings(orgId, triggerId), firedSince(orgId, triggerId, since, RESPONSE_TIME_FIRINGS_MAX)]);
  const accepts = await firstAccepts(orgId, [...new Set([...latest, ...recent].flatMap(actionIdsOf))]);

  const answers = latest.map((row) => firstAnswerOf(row, accepts));
  const answeredBy = [...new Set(answers.flatMap((answer) => (answer ? [answer.by] : [])))];
  const names = new Map((answeredBy.length ? await userNames(orgId, answeredBy) : []).map((user) => [user.id, `${user.firstname} ${user.lastname}`.trim()]));
  const items: FiringDto[] = latest.map((row, index) => {
    const answer = answers[index];
    return toFiringDto(row, answer ? { user_id: answer.by, name: names.get(answer.by) ?? '', after_ms: answer.afterMs } : null);
  });

  const times = recent.flatMap((row) => {
    const answer = firstAnswerOf(row, accepts);
    return answer ? [answer.afterMs] : [];
  });
  return { items, response_time: responseTimeOf(times) };
}
