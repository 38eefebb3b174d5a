import { describe, expect, it } from 'vitest';
import { runQueueJob } from '../delivery/delivery-consumer.ts';
import { InvalidInputError, NotFoundError, UnavailableError } from '../errors/domain-errors.ts';
import { FROM_TEMPLATE_JOB, ItemExistsError, fromTemplateRequest, namesRecipients, registerFromTemplateJob, type FromTemplateRequest } from './from-template-job.ts';

const request: FromTemplateRequest = { templateId: 't1', itemId: 'i1', triggerId: 'tr1', senderId: 'u1' };
const job = (payload: unknown) => ({ orgId: 'o1', module: 'tasks' as const, kind: FROM_TEMPLATE_JOB, payload });

describe('the from_template queue job (decision 0039)', () => {
  it('hands the module the request and the time it runs', async () => {
    const seen: Array<[string, FromTemplateRequest, Date]> = [];
    registerFromTemplateJob('tasks', async (orgId, r, now) => void seen.push([orgId, r, now]));
    const before = Date.now();
    await runQueueJob(job({ ...request, extra: 'ignored' }));
    expect(seen).toEqual([['o1', request, expect.any(Date)]]);
    expect(seen[0]![2].getTime()).toBeGreaterThanOrEqual(before);
  });

  it('ends the job on what the module refuses for good, and on an item that exists already', async () => {
    for (const error of [new NotFoundError('Template not found'), new InvalidInputError('At least one recipient is required'), new ItemExistsError('i1')]) {
      registerFromTemplateJob('tasks', async () => {
        throw error;
      });
      await expect(runQueueJob(job(request))).resolves.toBeUndefined();
    }
  });

  it('fails the job (it comes back, then dead-letters) on an unavailable queue or scheduler, any other error and a payload it did not write', async () => {
    for (const error of [new UnavailableError('The task could not be sent or scheduled. Please try again.'), new Error('DynamoDB throttled')]) {
      registerFromTemplateJob('tasks', async () => {
        throw error;
      });
      await expect(runQueueJob(job(request))).rejects.toBe(error);
    }
    expect(() => fromTemplateRequest({ ...request, itemId: 'a#b' })).toThrow('Not a from_template job payload');
    expect(() => fromTemplateRequest(null)).toThrow('Not a from_template job payload');
    await expect(runQueueJob(job({ templateId: 't1' }))).rejects.toThrow('Not a from_template job payload');
  });

  it('carries the firing that made the item, both its id and instant or neither (a job queued before them)', () => {
    const firing = { firingId: 'f1', firingAt: '2026-03-01T23:30:00.125Z' };
    expect(fromTemplateRequest({ ...request, ...firing })).toEqual({ ...request, ...firing });
    expect(fromTemplateRequest(request)).toEqual(request);
    for (const bad of [{ firingId: 'f1' }, { firingAt: firing.firingAt }, { ...firing, firingAt: '2026-03-01' }, { ...firing, firingId: 'f#1' }]) {
      expect(() => fromTemplateRequest({ ...request, ...bad })).toThrow('Not a from_template job payload');
    }
  });

  it('asks for someone in recipient group 0, as every send does', () => {
    expect(namesRecipients([{ group_number: 0, recipients: [{ id: 'u1' }] }])).toBe(true);
    expect(namesRecipients([{ group_number: 0, recipients: [] }, { group_number: 1, recipients: [{ id: 'u1' }] }])).toBe(false);
    expect(namesRecipients([])).toBe(false);
    expect(namesRecipients(undefined)).toBe(false);
  });
});
