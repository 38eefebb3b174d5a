import type { ModuleName } from '@portal/shared/api/route-table';
import { isWellFormedId as isId } from '@portal/shared/validation/id-rule';
import { registerQueueJob } from '../delivery/delivery-consumer.ts';
import { ConflictError, DomainError, UnavailableError } from '../errors/domain-errors.ts';
import { logger } from '../logger.ts';

/**
 * The queue job a fired trigger hands each module for each template of its workflow (decision
 * 0039): the module makes the template a real notification, action or task with the id the firing
 * fixed, as if `senderId` had sent it. Registered by the module's delivery entry.
 */
export const FROM_TEMPLATE_JOB = 'from_template';

export interface FromTemplateRequest {
  templateId: string;
  /** The id the item gets (fixed at the firing, which lists it): a repeated job finds it and does nothing. */
  itemId: string;
  triggerId: string;
  /** Who it is sent as: the user who pressed the button, else the trigger's creator. */
  senderId: string;
  /**
   * The firing that made it (its row's id and instant, decision 0087): an action keeps them in its
   * `meta` (`firing_id`, `firing_at`), so its first accept can refresh the firing's report fact.
   * Absent in a job queued before firings named themselves.
   */
  firingId?: string;
  firingAt?: string;
}

/** The firing that made an item, as a from_template job names it. */
export type FiringRef = Required<Pick<FromTemplateRequest, 'firingId' | 'firingAt'>>;

/** The request's firing, when the job names one. */
export const firingOf = ({ firingId, firingAt }: FromTemplateRequest): FiringRef | undefined => (firingId && firingAt ? { firingId, firingAt } : undefined);

/** The item's id exists already: the job ran before (a retry, SQS's at-least-once delivery). Nothing is sent again. */
export class ItemExistsError extends ConflictError {
  constructor(id: string) {
    super(`Item ${id} exists`);
  }
}

const isInstant = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value;

/** The job's payload as fire.service wrote it; throws on anything else (the record then fails and is dead-lettered). */
export function fromTemplateRequest(payload: unknown): FromTemplateRequest {
  const p = (payload ?? {}) as Partial<Record<keyof FromTemplateRequest, unknown>>;
  if (!isId(p.templateId) || !isId(p.itemId) || !isId(p.triggerId) || !isId(p.senderId)) throw new Error('Not a from_template job payload');
  const firing = p.firingId === undefined && p.firingAt === undefined ? {} : isId(p.firingId) && isInstant(p.firingAt) ? { firingId: p.firingId, firingAt: p.firingAt } : null;
  if (!firing) throw new Error('Not a from_template job payload');
  return { templateId: p.templateId, itemId: p.itemId, triggerId: p.triggerId, senderId: p.senderId, ...firing };
}

/** Group 0 names someone: what every send asks of its recipients (shared recipientGroupsSchema). */
export function namesRecipients(groups: ReadonlyArray<{ group_number: number; recipients?: readonly unknown[] | null }> | null | undefined): boolean {
  return (groups ?? []).some((group) => group.group_number === 0 && (group.recipients?.length ?? 0) > 0);
}

/** The template is there but sends to nobody: logged, and the job ends (the firing still lists the item, never made). */
export function skipWithoutRecipients(module: ModuleName, orgId: string, request: FromTemplateRequest): void {
  logger.warn('A fired template has no recipients; nothing sent', { module, orgId, ...request });
}

export type SendFromTemplate = (orgId: string, request: FromTemplateRequest, now: Date) => Promise<void>;

/**
 * Registers the module's `from_template` job. What the module refuses for good (the template is
 * gone, its recipients are no longer the organisation's or resolve to nobody, a time-out the
 * organisation no longer offers; the item exists already) is logged and the job ends: a retry
 * would refuse it the same way. Anything else (the queue or the scheduler unavailable, DynamoDB)
 * fails the job, which comes back and in the end goes to the dead-letter queue.
 */
export function registerFromTemplateJob(module: ModuleName, send: SendFromTemplate): void {
  registerQueueJob(module, FROM_TEMPLATE_JOB, async (orgId, payload) => {
    const request = fromTemplateRequest(payload);
    try {
      await send(orgId, request, new Date());
    } catch (error) {
      if (error instanceof ItemExistsError) return;
      if (error instanceof DomainError && !(error instanceof UnavailableError)) {
        logger.warn('A fired template was not sent', { module, orgId, ...request, reason: error.message, errors: error.errors });
        return;
      }
      throw error;
    }
  });
}
