import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatchTimeZone } from '../../../watch/watch-time-zone.ts';
import { formatDue, taskView, type TaskView } from './task-inbox.ts';
import type { Respond, WatchMessage } from '../../../watch/watch-message.ts';

const ANSWERS = ['completed', 'declined'] as const;

/** The task's state as a line of text: "1 of 3 done", "You completed this task", "Deleted by the sender", … */
function useTaskLine(message: WatchMessage): { view: TaskView; line: string; due: string } | undefined {
  const { t, i18n } = useTranslation('watch');
  const timeZone = useWatchTimeZone();
  if (!message.task) return undefined;
  const view = taskView(message.task);
  const due = t('task.due', { time: formatDue(message.task.end, i18n.language, new Date(), timeZone) });
  if (view.state === 'closed') return { view, due, line: t(`task.closed.${view.reason}`) };
  if (view.state === 'answered') return { view, due, line: t(`task.answered.${view.answer}`) };
  return { view, due, line: view.total ? t('task.progress', { checked: view.checked, total: view.total }) : '' };
}

/** On the card: the end and the ticks while it is open, then what became of it. */
export function TaskSummary({ message }: { message: WatchMessage }) {
  const state = useTaskLine(message);
  if (!state) return null;
  const { view, line, due } = state;
  return <span className={`watch__task-line watch__task-line--${view.state}`}>{view.state === 'open' ? [due, line].filter(Boolean).join(' · ') : line}</span>;
}

/**
 * The opened task: its end, the checklist as checkboxes named by their items (a tick is sent at
 * once; everyone's ticks arrive with `task_update`), Complete (once every item is ticked) and
 * Decline, and its state in a live region. A closed task keeps its text and says why it closed.
 */
export function TaskPanel({ message, respond }: { message: WatchMessage; respond: Respond }) {
  const { t } = useTranslation('watch');
  const hintId = useId();
  const stateLine = useRef<HTMLParagraphElement>(null);
  const state = useTaskLine(message);
  const settled = !!message.task && (!!message.task.closed || !!message.task.answered);
  // The control the keyboard was on can go (closed) or be disabled (answered): the focus goes to what happened, not to the page.
  useEffect(() => {
    const at = document.activeElement as (Element & { disabled?: boolean }) | null;
    if (settled && (!at || at === document.body || !at.isConnected || at.disabled)) stateLine.current?.focus();
  }, [settled]);
  if (!state || !message.task) return null;
  const { view, line, due } = state;
  const open = view.state === 'open';
  const needsTicks = open && !view.canComplete;
  return (
    <div className="watch__task">
      <p className="watch__task-due">{due}</p>
      {view.state !== 'closed' && message.task.checklist.length ? (
        <fieldset className="watch__checklist">
          <legend className="visually-hidden">{t('task.checklist')}</legend>
          {message.task.checklist.map((item) => (
            <label key={item.id} className="watch__checklist-item">
              <input
                type="checkbox"
                checked={item.is_checked}
                disabled={!open}
                onChange={(event) => respond({ checklist: [{ id: item.id, is_checked: event.target.checked }] })}
              />
              <span>{item.title}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <p ref={stateLine} tabIndex={-1} className="watch__task-state" role="status">
        {line}
      </p>
      {view.state !== 'closed' ? (
        <>
          {needsTicks ? (
            <p id={hintId} className="watch__task-hint">
              {t('task.tickFirst')}
            </p>
          ) : null}
          <div className="watch__action-buttons">
            {ANSWERS.map((answer) => (
              <button
                key={answer}
                type="button"
                className={`watch__answer watch__answer--${answer === 'completed' ? 'accepted' : 'declined'}`}
                disabled={!open || (answer === 'completed' && needsTicks)}
                aria-describedby={answer === 'completed' && needsTicks ? hintId : undefined}
                onClick={() => respond({ task: answer })}
              >
                {t(`task.answer.${answer}`)}
              </button>
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}

/** On a reminder's or overdue note's card: the task's end. */
export function TaskDueSummary({ message }: { message: WatchMessage }) {
  const { t, i18n } = useTranslation('watch');
  const timeZone = useWatchTimeZone();
  if (!message.due) return null;
  const time = formatDue(message.due, i18n.language, new Date(), timeZone);
  return <span className="watch__task-line">{t(message.kind === 'task_overdue' ? 'task.wasDue' : 'task.due', { time })}</span>;
}
