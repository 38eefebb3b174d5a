import { describe, expect, it } from 'vitest';
import { feedbackOf, feedbackRecipients } from './feedback-plan.ts';

const config = {
  send_feedback: true,
  acceptance_feedback: true,
  rejection_feedback: true,
  acceptance_feedback_content: 'Till 3 is covered',
  rejection_feedback_content: 'Nobody could take till 3',
  exclude_creator: true,
  respond_to_creator: true,
};

describe('action feedback', () => {
  it('sends the acceptance content when fulfilled and the rejection content when expired or rejected', () => {
    expect(feedbackOf(config, 'covered')).toEqual({ outcome: 'accepted', text: 'Till 3 is covered' });
    expect(feedbackOf(config, 'expired')).toEqual({ outcome: 'rejected', text: 'Nobody could take till 3' });
    expect(feedbackOf(config, 'rejected')).toEqual({ outcome: 'rejected', text: 'Nobody could take till 3' });
    expect(feedbackOf(config, 'withdrawn')).toBeNull();
  });

  it('sends only what is switched on', () => {
    expect(feedbackOf({ ...config, send_feedback: false }, 'covered')).toBeNull();
    expect(feedbackOf({ ...config, acceptance_feedback: false }, 'covered')).toBeNull();
    expect(feedbackOf({ ...config, rejection_feedback: false }, 'expired')).toBeNull();
    expect(feedbackOf({ ...config, acceptance_feedback_content: '' }, 'covered')).toBeNull();
  });

  it('leaves the creator out of the groups when excluded, and tells them when respond_to_creator', () => {
    expect(feedbackRecipients(config, ['ann', 'boss', 'bob'], 'boss')).toEqual(['ann', 'bob', 'boss']);
    expect(feedbackRecipients({ ...config, respond_to_creator: false }, ['ann', 'boss'], 'boss')).toEqual(['ann']);
    expect(feedbackRecipients({ ...config, exclude_creator: false, respond_to_creator: false }, ['ann', 'boss'], 'boss')).toEqual(['ann', 'boss']);
    expect(feedbackRecipients({ ...config, respond_to_creator: true }, [], 'boss')).toEqual(['boss']);
  });
});
