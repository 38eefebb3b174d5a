import { useTranslation } from 'react-i18next';
import type { TaskContent } from '@portal/shared/tasks/task.schema';
import { liveChecklist } from '../utils/task-view.ts';

/** A draft's or template's checklist: its items' titles, nothing to tick (a sent task has ChecklistPanel). */
export function ChecklistTitles({ content }: { content: TaskContent }) {
  const { t } = useTranslation('tasks');
  const checklist = liveChecklist(content);
  if (!checklist.length) return null;
  return (
    <section aria-label={t('checklist.label')}>
      <ul className="task-checklist__items">
        {checklist.map((item) => (
          <li key={item.id}>{item.title.text || t('list.untitled')}</li>
        ))}
      </ul>
    </section>
  );
}
