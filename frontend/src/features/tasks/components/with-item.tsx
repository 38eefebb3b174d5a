import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TaskDraftDto, TaskDto, TaskTemplateDto } from '@portal/shared/tasks/task.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { OverlayItem, useCloseOverlay } from '../../../ui/overlay-route.tsx';
import { draftQueryOptions } from '../api/drafts.ts';
import { recurringRootQueryOptions, taskQueryOptions } from '../api/tasks.ts';
import { templateQueryOptions } from '../api/templates.ts';

interface Loaded<T> {
  isPending: boolean;
  error: unknown;
  data: T | undefined;
}

/** An overlay's item: a loading card, a redirect to /tasks for an unknown id, or the content. */
function WithItem<T>({ query, title, children }: { query: Loaded<T>; title: string; children: (item: T) => ReactNode }) {
  const { t } = useTranslation('tasks');
  const close = useCloseOverlay(orgPaths.tasks);
  return (
    <OverlayItem query={query} listRoute={orgPaths.tasks} title={title} onClose={close} loadingLabel={t('list.loading')}>
      {children}
    </OverlayItem>
  );
}

/** Loaded once per overlay: a refetch must not reset a form being edited. */
const ONCE = { refetchOnWindowFocus: false, refetchInterval: false } as const;

/** The task of the route; `root` loads the series root of that (child) id instead. */
export function WithTask({ id, root = false, title, children }: { id: string; root?: boolean; title: string; children: (dto: TaskDto) => ReactNode }) {
  const { organization } = useOrganizationContext();
  const options = root ? recurringRootQueryOptions(organization.id, id) : taskQueryOptions(organization.id, id);
  const query = useQuery({ ...options, ...ONCE });
  return (
    <WithItem query={query} title={title}>
      {children}
    </WithItem>
  );
}

export function WithDraft({ id, title, children }: { id: string; title: string; children: (draft: TaskDraftDto) => ReactNode }) {
  const { organization } = useOrganizationContext();
  const query = useQuery({ ...draftQueryOptions(organization.id, id), ...ONCE });
  return (
    <WithItem query={query} title={title}>
      {children}
    </WithItem>
  );
}

export function WithTemplate({ id, title, children }: { id: string; title: string; children: (template: TaskTemplateDto) => ReactNode }) {
  const { organization } = useOrganizationContext();
  const query = useQuery({ ...templateQueryOptions(organization.id, id), ...ONCE });
  return (
    <WithItem query={query} title={title}>
      {children}
    </WithItem>
  );
}
