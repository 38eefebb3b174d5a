import type { IncomingMessage } from 'node:http';
import { AwsFault } from './aws-http.ts';
import { validateInput, violationMessage, type Model, type Violation } from './aws-model.ts';

/**
 * An AWS JSON 1.0/1.1 request: the operation from `x-amz-target: <targetPrefix>.<Operation>`, the
 * input from the body, checked against the model. `faultFor` names the error the service answers
 * a rule broken in the model with (services differ: SQS says MissingParameter/InvalidParameterValue,
 * most others ValidationException).
 */
export function readJsonRpc(model: Model, req: IncomingMessage, body: Buffer, faultFor: (violations: Violation[]) => AwsFault = validationFault): { operation: string; input: Record<string, unknown> } {
  const prefix = String(model.metadata.targetPrefix);
  const target = String(req.headers['x-amz-target'] ?? '');
  const operation = target.startsWith(`${prefix}.`) ? target.slice(prefix.length + 1) : '';
  if (req.method !== 'POST' || !model.operations[operation]) throw new AwsFault(400, 'UnknownOperationException', `Unknown operation ${target}`);
  let input: unknown;
  try {
    input = body.length ? JSON.parse(body.toString('utf8')) : {};
  } catch {
    throw new AwsFault(400, 'SerializationException', 'Start of structure or map found where not expected');
  }
  const violations = validateInput(model, operation, input);
  if (violations.length) throw faultFor(violations);
  return { operation, input: input as Record<string, unknown> };
}

/** Coral's answer: a wrong JSON type is a SerializationException, a broken constraint a ValidationException. */
export function validationFault(violations: Violation[]): AwsFault {
  const wrongType = violations.find((v) => v.kind === 'type');
  if (wrongType) return new AwsFault(400, 'SerializationException', wrongType.message);
  return new AwsFault(400, 'ValidationException', violationMessage(violations));
}
