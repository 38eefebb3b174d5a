import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { moveItem, removeAt } from '../utils/list-moves.ts';

export interface OrderedEntry {
  key: string;
  /** The entry's name: the buttons say it to screen readers ("Up, Help at bottle return"). */
  label: string;
  /** Shown beside the name (its kind, a note that it is gone). */
  detail?: ReactNode;
  /** More buttons of the entry (edit in place). */
  actions?: ReactNode;
}

type Move = 'up' | 'down';

interface OrderedListProps<T> {
  /** The list's accessible name ("Workflow", "Triggers"). */
  label: string;
  items: readonly T[];
  entryOf: (item: T) => OrderedEntry;
  onChange: (items: T[]) => void;
  empty: string;
}

/**
 * An ordered list changed by buttons only (up, down, remove), so it is usable with the keyboard
 * alone: after a move the focus stays on the moved entry's button (or its other one at an end), and
 * the new place is announced.
 */
export function OrderedList<T>({ label, items, entryOf, onChange, empty }: OrderedListProps<T>) {
  const { t } = useTranslation('automation');
  const list = useRef<HTMLOListElement>(null);
  const [focusAfter, setFocusAfter] = useState<{ key: string; move: Move }>();
  const [announcement, setAnnouncement] = useState('');
  const entries = items.map(entryOf);

  useLayoutEffect(() => {
    if (!focusAfter || !list.current) return;
    const button = (move: Move) => list.current?.querySelector<HTMLButtonElement>(`[data-entry="${CSS.escape(focusAfter.key)}"][data-move="${move}"]`);
    const same = button(focusAfter.move);
    (same && !same.disabled ? same : button(focusAfter.move === 'up' ? 'down' : 'up'))?.focus();
    setFocusAfter(undefined);
  }, [focusAfter, items]);

  function move(index: number, direction: Move) {
    const entry = entries[index]!;
    const to = index + (direction === 'up' ? -1 : 1);
    onChange(moveItem(items, index, direction === 'up' ? -1 : 1));
    setFocusAfter({ key: entry.key, move: direction });
    setAnnouncement(t('order.moved', { name: entry.label, position: to + 1, count: items.length }));
  }

  function remove(index: number) {
    const entry = entries[index]!;
    onChange(removeAt(items, index));
    setAnnouncement(t('order.removed', { name: entry.label }));
    // Focus goes to the next entry's remove button, or the list's last one; none when it is empty.
    const next = entries[index + 1] ?? entries[index - 1];
    if (next) requestAnimationFrame(() => list.current?.querySelector<HTMLButtonElement>(`[data-entry="${CSS.escape(next.key)}"][data-remove]`)?.focus());
  }

  return (
    <>
      {entries.length === 0 ? <p className="ordered-list__empty">{empty}</p> : null}
      <ol ref={list} className="ordered-list" aria-label={label}>
        {entries.map((entry, index) => {
          const name = <span className="visually-hidden"> ({entry.label})</span>;
          return (
            <li key={entry.key} className="ordered-list__item">
              <span className="ordered-list__position" aria-hidden="true">
                {index + 1}
              </span>
              <span className="ordered-list__label">
                <span className="ordered-list__name">{entry.label}</span>
                {entry.detail}
              </span>
              <span className="ordered-list__actions">
                {entry.actions}
                <Button type="button" size="small" data-entry={entry.key} data-move="up" isDisabled={index === 0} onClick={() => move(index, 'up')}>
                  {t('order.up')}
                  {name}
                </Button>
                <Button type="button" size="small" data-entry={entry.key} data-move="down" isDisabled={index === entries.length - 1} onClick={() => move(index, 'down')}>
                  {t('order.down')}
                  {name}
                </Button>
                <Button type="button" size="small" variation="link" data-entry={entry.key} data-remove="" onClick={() => remove(index)}>
                  {t('order.remove')}
                  {name}
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
