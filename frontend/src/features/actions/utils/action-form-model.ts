import { EMPLOYEES_NEEDED_OPTIONS, RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';
import type { ActionConfig, ActionContent, ActionInput, ActionTemplateInput, ResponseThreshold } from '@portal/shared/actions/action.schema';
import type { Recipient, RecipientGroup } from '@portal/shared/recipients/recipient.schema';

export type EmployeesNeeded = (typeof EMPLOYEES_NEEDED_OPTIONS)[number];

/**
 * The action form (spec 000 §3, §5): content, recipient groups (group 0 first, then the groups
 * asked after each time-out), employees needed ('1'..'9' or 'All'), the auto-forward time-out,
 * feedback toggles with their messages, and the feedback recipient filter.
 */
export interface ActionFormValues {
  title: string;
  message: string;
  /** Recipient group n is `groups[n]`; the form always shows group 0. */
  groups: Recipient[][];
  employeesNeeded: EmployeesNeeded;
  /** Seconds, as the select holds it. */
  autoForward: string;
  acceptanceFeedback: boolean;
  acceptanceText: string;
  rejectionFeedback: boolean;
  rejectionText: string;
  /** Who hears the outcome besides the creator (the feedback filter). */
  feedbackRecipients: Recipient[];
}

/** create: send (also copy and send from template); template: create, copy or edit a template. */
export type ActionFormMode = 'create' | 'template';

export function emptyActionValues(forwardAfterDefault: number): ActionFormValues {
  return {
    title: '',
    message: '',
    groups: [[]],
    employeesNeeded: '1',
    autoForward: String(forwardAfterDefault),
    acceptanceFeedback: false,
    acceptanceText: '',
    rejectionFeedback: false,
    rejectionText: '',
    feedbackRecipients: [],
  };
}

/** Employees needed → threshold: '1' is Any (the first accept), '2'..'9' Number, 'All' everyone asked (spec 000 §9). */
export function thresholdOf(needed: EmployeesNeeded): ResponseThreshold {
  if (needed === 'All') return { type: RESPONSE_THRESHOLD_TYPES.All, number: null };
  if (needed === '1') return { type: RESPONSE_THRESHOLD_TYPES.Any, number: null };
  return { type: RESPONSE_THRESHOLD_TYPES.Number, number: Number(needed) };
}

/** Threshold → employees needed (a stored Number 1 reads as '1' too). */
export function employeesNeededOf(threshold: ResponseThreshold | undefined): EmployeesNeeded {
  if (!threshold || threshold.type === RESPONSE_THRESHOLD_TYPES.Any) return '1';
  if (threshold.type === RESPONSE_THRESHOLD_TYPES.All) return 'All';
  const value = String(threshold.number ?? 1);
  return (EMPLOYEES_NEEDED_OPTIONS as readonly string[]).includes(value) ? (value as EmployeesNeeded) : '1';
}

/** The groups that name someone, renumbered 0..n-1 in order: empty groups are dropped on send (spec 000 §5). */
export function toRecipientGroups(groups: readonly Recipient[][]): RecipientGroup[] {
  return groups
    .filter((recipients) => recipients.length > 0)
    .map((recipients, index) => ({ group_number: index, recipients: recipients.map(({ id, type }) => ({ id, type })) }));
}

export function fromRecipientGroups(groups: readonly RecipientGroup[] | undefined): Recipient[][] {
  const sorted = [...(groups ?? [])].sort((a, b) => a.group_number - b.group_number).map((group) => [...group.recipients]);
  return sorted.length ? sorted : [[]];
}

/** The recipient groups that will be asked: the time-out's label and the next-group button read it. */
export const askedGroupCount = (groups: readonly Recipient[][]) => groups.filter((recipients) => recipients.length > 0).length;

/** Spec 000 §9: 'Timeout after' with one recipient group, 'Include next group after' with more. */
export const autoForwardLabelKey = (groups: readonly Recipient[][]) => (askedGroupCount(groups) > 1 ? 'form.includeNextGroupAfter' : 'form.timeoutAfter');

/** Spec 000 §5: the submit group is disabled until recipient group 0 names someone (templates need none). */
export const canSubmit = (values: Pick<ActionFormValues, 'groups'>, mode: ActionFormMode) => mode === 'template' || (values.groups[0]?.length ?? 0) > 0;

export const toContent = (values: Pick<ActionFormValues, 'title' | 'message'>): ActionContent => ({ title: { text: values.title.trim() }, body: { text: values.message.trim() } });

/** exclude_creator and respond_to_creator are always true on actions (spec 000 §3); a message counts only while its toggle is on. */
export function toConfig(values: ActionFormValues): ActionConfig {
  const acceptance = values.acceptanceFeedback;
  const rejection = values.rejectionFeedback;
  return {
    exclude_creator: true,
    respond_to_creator: true,
    forward_after: Number(values.autoForward),
    response_threshold: thresholdOf(values.employeesNeeded),
    send_feedback: acceptance || rejection,
    acceptance_feedback: acceptance,
    rejection_feedback: rejection,
    acceptance_feedback_content: acceptance ? values.acceptanceText.trim() : '',
    rejection_feedback_content: rejection ? values.rejectionText.trim() : '',
    feedback_recipient_groups: toRecipientGroups([values.feedbackRecipients]),
  };
}

/** Form model → POST actions. */
export function toActionBody(values: ActionFormValues, { templateId = null, saveAsTemplate = false }: { templateId?: string | null; saveAsTemplate?: boolean } = {}): ActionInput {
  return {
    content: toContent(values),
    recipient_groups: toRecipientGroups(values.groups),
    config: toConfig(values),
    meta: { template_id: templateId, trigger_id: null },
    save_as_template: saveAsTemplate,
  };
}

/** Form model → POST/PUT action-templates. */
export const toTemplateBody = (values: ActionFormValues): ActionTemplateInput => ({
  action: { content: toContent(values), recipient_groups: toRecipientGroups(values.groups), config: toConfig(values) },
});

/**
 * A stored action (copy) or a template's action (send from template, template copy and edit) → the
 * form. A time-out the organisation no longer offers falls back to its default.
 */
export function toFormValues(
  action: { content: ActionContent; recipient_groups: RecipientGroup[]; config: ActionConfig },
  settings: { forward_after_options: number[]; forward_after_default: number },
): ActionFormValues {
  const { config } = action;
  const forwardAfter = settings.forward_after_options.includes(config.forward_after) ? config.forward_after : settings.forward_after_default;
  return {
    title: action.content.title.text ?? '',
    message: action.content.body?.text ?? '',
    groups: fromRecipientGroups(action.recipient_groups),
    employeesNeeded: employeesNeededOf(config.response_threshold),
    autoForward: String(forwardAfter),
    acceptanceFeedback: Boolean(config.send_feedback && config.acceptance_feedback),
    acceptanceText: config.acceptance_feedback_content ?? '',
    rejectionFeedback: Boolean(config.send_feedback && config.rejection_feedback),
    rejectionText: config.rejection_feedback_content ?? '',
    feedbackRecipients: fromRecipientGroups(config.feedback_recipient_groups)[0] ?? [],
  };
}
