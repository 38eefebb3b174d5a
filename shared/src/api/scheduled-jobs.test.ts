import { describe, expect, it } from 'vitest';
import { MODULES } from './route-table.ts';
import { SCHEDULED_JOBS, scheduledJobOf, scheduledModules } from './scheduled-jobs.ts';

describe('the scheduled-jobs table', () => {
  it('has one row per type, known modules, and a timeout within Lambda and above zero', () => {
    const types = SCHEDULED_JOBS.map((job) => job.type);
    expect(new Set(types).size).toBe(types.length);
    for (const job of SCHEDULED_JOBS) {
      expect(job.type).toMatch(/^[a-z][a-z0-9_-]*\.[a-z][a-z0-9_-]*$/);
      expect(MODULES).toContain(job.module);
      for (const module of job.scheduledBy) expect(MODULES).toContain(module);
      expect(job.timeoutSeconds).toBeGreaterThan(0);
      expect(job.timeoutSeconds).toBeLessThanOrEqual(900);
    }
  });

  it('finds the row of a type and lists the modules with a scheduled handler once each', () => {
    expect(scheduledJobOf('notification.send')).toMatchObject({ module: 'notifications' });
    expect(scheduledJobOf('action.forward')).toMatchObject({ module: 'actions', scheduledBy: ['actions'] });
    for (const type of ['task.start', 'task.remind', 'task.end']) expect(scheduledJobOf(type)).toMatchObject({ module: 'tasks', scheduledBy: ['tasks'] });
    expect(scheduledJobOf('test.fire')).toBeUndefined();
    expect(scheduledModules()).toEqual(['notifications', 'actions', 'tasks']);
  });
});
