import { afterEach, describe, expect, it } from 'vitest';
import { learnOwnTarget } from './own-target.ts';

const ARN = 'arn:aws:lambda:eu-central-1:123456789012:function:Portal-TasksScheduled';

describe('a scheduled function learns its own target ARN', () => {
  afterEach(() => {
    delete process.env.SCHEDULE_TARGET_ARN_TASKS;
  });

  it('takes the invoked ARN without its qualifier', () => {
    learnOwnTarget('tasks', { invokedFunctionArn: `${ARN}:live` });
    expect(process.env.SCHEDULE_TARGET_ARN_TASKS).toBe(ARN);
  });

  it('keeps a variable that is set, and ignores what is no function ARN or no context', () => {
    process.env.SCHEDULE_TARGET_ARN_TASKS = 'arn:aws:lambda:eu-central-1:123456789012:function:Given';
    learnOwnTarget('tasks', { invokedFunctionArn: ARN });
    expect(process.env.SCHEDULE_TARGET_ARN_TASKS).toBe('arn:aws:lambda:eu-central-1:123456789012:function:Given');
    delete process.env.SCHEDULE_TARGET_ARN_TASKS;
    learnOwnTarget('tasks', { invokedFunctionArn: 'arn:aws:sqs:eu-central-1:123456789012:queue' });
    learnOwnTarget('tasks', undefined);
    expect(process.env.SCHEDULE_TARGET_ARN_TASKS).toBeUndefined();
  });
});
