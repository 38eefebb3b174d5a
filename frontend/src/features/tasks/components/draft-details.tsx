import { Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fromDateTimeParts } from '../../../lib/date-time.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { DetailsQuery, ItemDetails } from '../../../ui/item-details.tsx';
import { draftQueryOptions } from '../api/drafts.ts';
import { ChecklistTitles } from './checklist-titles.tsx';
import { TaskFacts } from './task-facts.tsx';
import { tasksKit } from '../utils/tasks-kit.ts';

/** The instant of a draft's start or end, which it keeps as date and time parts. */
const instant = (parts: Parameters<typeof fromDateTimeParts>[0] | null | undefined) => (parts ? fromDateTimeParts(parts)?.toISOString() ?? null : null);

/** A draft: what it holds so far, with edit, Create Task and delete. */
export function DraftDetails({ draftId }: { draftId: string }) {
  const { t } = useTranslation('tasks');
  const clock = useOrganizationClock();
  const { organization } = useOrganizationContext();
  const { to } = tasksKit.useNav();
  const draft = useQuery(draftQueryOptions(organization.id, draftId));
  const params = { draftId };
  return (
    <DetailsQuery query={draft} loadingLabel={t('list.loading')} notFound={t('details.draftNotFound')}>
      {(dto) => (
        <ItemDetails
          id={`draft-${draftId}`}
          title={dto.content.title.text || t('list.untitled')}
          message={dto.content.body.text}
          linksLabel={t('details.draftActionsLabel')}
          links={[
            { to: to(orgPaths.taskDraftEdit, params), label: t('actions.edit') },
            { to: to(orgPaths.taskSendFromDraft, params), label: t('actions.createFromDraft') },
            { to: to(orgPaths.taskDraftDelete, params), label: t('actions.delete') },
          ]}
        >
          <Text variation="secondary">{t('list.savedAt', { time: clock.dateTime(dto.updated_time) })}</Text>
          <TaskFacts
            groups={dto.recipient_groups}
            closure={dto.config.closure_criteria}
            remindersEnabled={dto.config.reminders_enabled}
            startAt={instant(dto.config.start)}
            endAt={instant(dto.config.end)}
            recurring={dto.config.recurring}
          />
          <ChecklistTitles content={dto.content} />
        </ItemDetails>
      )}
    </DetailsQuery>
  );
}
