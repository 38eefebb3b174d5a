import { describe, expect, it } from 'vitest';
import { ACTION_MESSAGES } from '@portal/shared/actions/action.schema';
import { NO_RECIPIENTS } from '@portal/shared/recipients/recipient.schema';
import {
  autoForwardLabelKey,
  canSubmit,
  emptyActionValues,
  employeesNeededOf,
  thresholdOf,
  toActionBody,
  toFormValues,
  toTemplateBody,
  type ActionFormValues,
} from './action-form-model.ts';
import { validateActionForm } from './action-validation.ts';

const ada = { id: 'u1', type: 'user' as const };
const tills = { id: 'g1', type: 'user_group' as const };
const settings = { forward_after_options: [10, 30, 60], forward_after_default: 30 };

const filled = (over: Partial<ActionFormValues> = {}): ActionFormValues => ({ ...emptyActionValues(30), title: 'Cashier needed at till 3', groups: [[ada]], ...over });

describe('employees needed and the threshold', () => {
  it("maps '1' to Any, '2'..'9' to Number and 'All' to All", () => {
    expect(thresholdOf('1')).toEqual({ type: 1, number: null });
    expect(thresholdOf('3')).toEqual({ type: 3, number: 3 });
    expect(thresholdOf('9')).toEqual({ type: 3, number: 9 });
    expect(thresholdOf('All')).toEqual({ type: 2, number: null });
  });

  it('reads a stored threshold back', () => {
    expect(employeesNeededOf({ type: 1, number: null })).toBe('1');
    expect(employeesNeededOf({ type: 3, number: 1 })).toBe('1');
    expect(employeesNeededOf({ type: 3, number: 4 })).toBe('4');
    expect(employeesNeededOf({ type: 2, number: null })).toBe('All');
  });
});

describe('the auto-forward label', () => {
  it("is 'Timeout after' with one recipient group and 'Include next group after' with more", () => {
    expect(autoForwardLabelKey([[ada]])).toBe('form.timeoutAfter');
    // An empty next group is dropped on send: still one group.
    expect(autoForwardLabelKey([[ada], []])).toBe('form.timeoutAfter');
    expect(autoForwardLabelKey([[ada], [tills]])).toBe('form.includeNextGroupAfter');
  });
});

describe('form model to API body', () => {
  it('drops empty groups and renumbers the rest; the creator is excluded and hears the outcome', () => {
    const body = toActionBody(filled({ groups: [[ada], [], [tills]], employeesNeeded: '2', autoForward: '10' }), { templateId: 't1' });
    expect(body).toEqual({
      content: { title: { text: 'Cashier needed at till 3' }, body: { text: '' } },
      recipient_groups: [
        { group_number: 0, recipients: [ada] },
        { group_number: 1, recipients: [tills] },
      ],
      config: {
        exclude_creator: true,
        respond_to_creator: true,
        forward_after: 10,
        response_threshold: { type: 3, number: 2 },
        send_feedback: false,
        acceptance_feedback: false,
        rejection_feedback: false,
        acceptance_feedback_content: '',
        rejection_feedback_content: '',
        feedback_recipient_groups: [],
      },
      meta: { template_id: 't1', trigger_id: null },
      save_as_template: false,
    });
  });

  it('sends a feedback message only while its toggle is on, to the feedback filter', () => {
    const values = filled({ acceptanceFeedback: true, acceptanceText: ' Thanks, covered ', rejectionFeedback: false, rejectionText: 'left over', feedbackRecipients: [tills] });
    expect(toActionBody(values).config).toMatchObject({
      send_feedback: true,
      acceptance_feedback: true,
      acceptance_feedback_content: 'Thanks, covered',
      rejection_feedback: false,
      rejection_feedback_content: '',
      feedback_recipient_groups: [{ group_number: 0, recipients: [tills] }],
    });
  });

  it('round-trips through a template', () => {
    const values = filled({ message: 'Now please', groups: [[ada], [tills]], employeesNeeded: 'All', autoForward: '60', rejectionFeedback: true, rejectionText: 'Nobody came' });
    const template = toTemplateBody(values);
    expect(template.action.recipient_groups).toHaveLength(2);
    expect(toFormValues(template.action, settings)).toEqual(values);
  });

  it('falls back to the default time-out when the stored one is no longer offered', () => {
    const body = toActionBody(filled({ autoForward: '45' }));
    expect(toFormValues(body, settings).autoForward).toBe('30');
  });
});

describe('validation and the submit group', () => {
  it("needs a title ('Title is required') and a recipient in group 0 to send", () => {
    const errors = validateActionForm({ ...emptyActionValues(30) }, 'create');
    expect(errors).toEqual({ title: ACTION_MESSAGES.titleRequired, groups: NO_RECIPIENTS });
    expect(canSubmit({ groups: [[]] }, 'create')).toBe(false);
    expect(canSubmit({ groups: [[], [ada]] }, 'create')).toBe(false);
    expect(canSubmit({ groups: [[ada]] }, 'create')).toBe(true);
    expect(canSubmit({ groups: [[]] }, 'template')).toBe(true);
    expect(validateActionForm({ ...emptyActionValues(30), title: 'T' }, 'template')).toEqual({});
  });

  it('asks for a feedback message while its toggle is on, at most 100 characters', () => {
    expect(validateActionForm(filled({ acceptanceFeedback: true }), 'create')).toEqual({ acceptanceText: ACTION_MESSAGES.feedbackRequired });
    expect(validateActionForm(filled({ rejectionFeedback: true, rejectionText: 'x'.repeat(101) }), 'create').rejectionText).toMatch(/at most 100/);
    expect(validateActionForm(filled({ rejectionFeedback: false, rejectionText: 'x'.repeat(101) }), 'create')).toEqual({});
  });
});
