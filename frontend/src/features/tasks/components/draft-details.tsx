import { Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { fromDateTimeParts } from '../../../lib/date-time.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { draftQueryOptions } from '../api/drafts.ts';
import { useTasksNav } from '../hooks/use-tasks-nav.ts';
import { liveChecklist } from '../utils/task-view.ts';
import { TaskFacts } from './task-facts.tsx';

/** A draft: what it holds so far, with edit, Create Task and delete. */
export function DraftDetails({ draftId }: { draftId: string }) {
  const { t } = useTranslation('tasks');
  const clock = useOrganizationClock();
  const { organization } = useOrganizationContext();
  const { to } = useTasksNav();
  const draft = useQuery(draftQueryOptions(organization.id, draftId));

  if (draft.isPending) return <Loader aria-label={t('list.loading')} />;
  if (draft.error instanceof ApiError && draft.error.status < 500) return <Text>{t('details.draftNotFound')}</Text>;
  if (draft.isError) throw draft.error;
  const dto = draft.data;
  const params = { draftId };
  const instant = (parts: typeof dto.config.start) => (parts ? fromDateTimeParts(parts)?.toISOString() ?? null : null);
  const checklist = liveChecklist(dto.content);
  return (
    <article className="item-details" aria-labelledby={`draft-${draftId}`}>
      <Heading level={3} id={`draft-${draftId}`} fontSize="large">
        {dto.content.title.text || t('list.untitled')}
      </Heading>
      {dto.content.body.text ? <Text className="item-details__message">{dto.content.body.text}</Text> : null}
      <nav aria-label={t('details.draftActionsLabel')} className="item-details__actions action-row">
        <ButtonLink variation="link" size="small" to={to(orgPaths.taskDraftEdit, params)}>{t('actions.edit')}</ButtonLink>
        <ButtonLink variation="link" size="small" to={to(orgPaths.taskSendFromDraft, params)}>{t('actions.createFromDraft')}</ButtonLink>
        <ButtonLink variation="link" size="small" to={to(orgPaths.taskDraftDelete, params)}>{t('actions.delete')}</ButtonLink>
      </nav>
      <Text variation="secondary">{t('list.savedAt', { time: clock.dateTime(dto.updated_time) })}</Text>
      <TaskFacts
        groups={dto.recipient_groups}
        closure={dto.config.closure_criteria}
        remindersEnabled={dto.config.reminders_enabled}
        startAt={instant(dto.config.start)}
        endAt={instant(dto.config.end)}
        recurring={dto.config.recurring}
      />
      {checklist.length ? (
        <section aria-label={t('checklist.label')}>
          <ul className="task-checklist__items">
            {checklist.map((item) => (
              <li key={item.id}>{item.title.text || t('list.untitled')}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
