import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionConfig } from '@portal/shared/actions/action.schema';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { RecipientChips } from '../../../ui/recipient-chips.tsx';
import { employeesNeededOf } from '../utils/action-form-model.ts';

/** What an action (or template) asks: its recipient groups in order, employees needed, the time-out and feedback. */
export function ActionFacts({ groups, config }: { groups: RecipientGroup[]; config: ActionConfig }) {
  const { t } = useTranslation('actions');
  const needed = employeesNeededOf(config.response_threshold);
  const sorted = [...groups].sort((a, b) => a.group_number - b.group_number);
  const feedback = [config.send_feedback && config.acceptance_feedback ? t('details.onAccept', { text: config.acceptance_feedback_content }) : null, config.send_feedback && config.rejection_feedback ? t('details.onReject', { text: config.rejection_feedback_content }) : null].filter(Boolean);
  return (
    <dl className="item-details__facts">
      {sorted.map((group, index) => (
        <Fragment key={group.group_number}>
          <dt>{index === 0 ? t('form.firstGroup') : t('form.nextGroup', { number: index + 1 })}</dt>
          <dd>
            <RecipientChips recipients={group.recipients} />
          </dd>
        </Fragment>
      ))}
      <dt>{t('form.employeesNeeded')}</dt>
      <dd>{needed === 'All' ? t('form.all') : needed}</dd>
      <dt>{t(sorted.length > 1 ? 'form.includeNextGroupAfter' : 'form.timeoutAfter')}</dt>
      <dd>{t('form.seconds', { count: config.forward_after })}</dd>
      <dt>{t('form.feedback')}</dt>
      <dd>{feedback.length ? feedback.join(' · ') : t('details.noFeedback')}</dd>
    </dl>
  );
}
