import { useEffect, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { RECIPIENT_GRID_COLUMN_PX, RECIPIENT_GRID_MAX_COLUMNS } from '@portal/shared/constants';
import type { Recipient } from '@portal/shared/recipients/recipient.schema';
import { useOrganizationContext } from '../lib/organization-context.tsx';
import { useRecipientOptions } from '../lib/organization-data/recipients.ts';
import { CloseIcon } from './icons.tsx';
import { filterChoices, nameOf, recipientChoices, type RecipientChoice, type RecipientSection } from './recipient-choices.ts';
import { firstVisibleOption, steppedScrollTop } from './scroll-step.ts';
import './pickers.css';

export interface RecipientPickerLabels {
  sections: Record<RecipientSection, string>;
  everyone: string;
  remove: (name: string) => string;
  noMatches: string;
  loading: string;
}

interface RecipientPickerProps {
  label: string;
  placeholder: string;
  value: Recipient[];
  onChange: (next: Recipient[]) => void;
  labels: RecipientPickerLabels;
  /** Spec 000 §5: after this many the field is read-only. */
  maxRecords?: number;
  disabled?: boolean;
  error?: string;
}

const SECTIONS: RecipientSection[] = ['everyone', 'userGroups', 'users', 'shifts'];

/** Spec 000 §9: the choices in a grid of up to 4 columns of 146 px (pickers.css reads these). */
const GRID_STYLE = { '--recipient-columns': RECIPIENT_GRID_MAX_COLUMNS, '--recipient-column': `${RECIPIENT_GRID_COLUMN_PX}px` } as CSSProperties;

/**
 * A combobox for recipients (spec 000 §3): type to filter, choose with a click or Enter; the chosen
 * ones show as chips with a remove button. It offers the organisation's recipients (GET recipients:
 * everyone, user groups, users, shift activity types). Shared by notifications, actions and tasks.
 */
export function RecipientPicker({ label, placeholder, value, onChange, labels, maxRecords, disabled = false, error }: RecipientPickerProps) {
  const id = useId();
  const { organization } = useOrganizationContext();
  // Undefined while loading.
  const { data: options } = useRecipientOptions(organization.id);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const all = useMemo(() => (options ? recipientChoices(options, labels.everyone) : []), [options, labels.everyone]);
  const matches = useMemo(() => filterChoices(all, term, value), [all, term, value]);
  const full = maxRecords !== undefined && value.length >= maxRecords;
  const readOnly = disabled || full;
  const expanded = open && !readOnly;

  function choose(choice: RecipientChoice | undefined) {
    if (!choice) return;
    onChange([...value, choice.recipient]);
    setTerm('');
    setActive(0);
    // The list closes; typing or a click opens it again.
    setOpen(false);
    input.current?.focus();
  }

  /** Page Down / Page Up scroll the open list by the spec's step and make its first visible option active. */
  function pageList(direction: 1 | -1) {
    const element = list.current;
    if (!element) return;
    element.scrollTop = steppedScrollTop(element.scrollTop, direction, element.scrollHeight, element.clientHeight);
    const top = element.getBoundingClientRect().top - element.scrollTop;
    const tops = [...element.querySelectorAll('[role="option"]')].map((option) => option.getBoundingClientRect().top - top);
    const index = firstVisibleOption(tops, element.scrollTop);
    if (index >= 0) setActive(index);
  }

  // The active option stays in view as the arrow keys move it.
  useEffect(() => {
    if (expanded) list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active, expanded]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if ((event.key === 'PageDown' || event.key === 'PageUp') && expanded) {
      event.preventDefault();
      pageList(event.key === 'PageDown' ? 1 : -1);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (matches.length ? (current + step + matches.length) % matches.length : 0));
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only, not the card around it.
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Backspace' && !term && value.length && !disabled) {
      onChange(value.slice(0, -1));
    }
  }

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div className="recipient-picker">
      <label htmlFor={`${id}-input`} className="recipient-picker__label">
        {label}
      </label>
      <div className={`recipient-picker__box${error ? ' recipient-picker__box--error' : ''}`}>
        <ul className="recipient-picker__chips" aria-label={label}>
          {value.map((recipient) => {
            const name = nameOf(all, recipient);
            const color = all.find((c) => c.recipient.id === recipient.id && c.recipient.type === recipient.type)?.color;
            return (
              <li key={`${recipient.type}:${recipient.id}`} className="recipient-picker__chip">
                {color ? <span className="recipient-picker__swatch" style={{ background: color }} aria-hidden="true" /> : null}
                <span>{name}</span>
                {disabled ? null : (
                  <button type="button" className="recipient-picker__remove" aria-label={labels.remove(name)} onClick={() => onChange(value.filter((r) => r !== recipient))}>
                    <CloseIcon />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        <input
          ref={input}
          id={`${id}-input`}
          className="recipient-picker__input"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && matches[active] ? optionId(active) : undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          autoComplete="off"
          placeholder={placeholder}
          value={term}
          readOnly={readOnly}
          onChange={(event) => {
            setTerm(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      {expanded ? (
        <div ref={list} id={listId} role="listbox" aria-label={label} className="recipient-picker__list" style={GRID_STYLE}>
          {!options ? <div className="recipient-picker__empty">{labels.loading}</div> : null}
          {options && matches.length === 0 ? <div className="recipient-picker__empty">{labels.noMatches}</div> : null}
          {SECTIONS.map((section) => {
            const items = matches.filter((c) => c.section === section);
            if (!items.length) return null;
            return (
              <div key={section} role="group" aria-label={labels.sections[section]}>
                <div className="recipient-picker__section" aria-hidden="true">
                  {labels.sections[section]}
                </div>
                <div className="recipient-picker__grid">
                  {items.map((choice) => {
                    const index = matches.indexOf(choice);
                    return (
                      <div
                        key={choice.key}
                        id={optionId(index)}
                        role="option"
                        aria-selected={index === active}
                        className="recipient-picker__option"
                        title={choice.name}
                        // Keeps the focus in the input, so blur does not close the list first.
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => choose(choice)}
                        onMouseEnter={() => setActive(index)}
                      >
                        {choice.color ? <span className="recipient-picker__swatch" style={{ background: choice.color }} aria-hidden="true" /> : null}
                        <span className="recipient-picker__name">{choice.name}</span>
                      </div>
                    );
                  })}
                </div>
              </div>
            );
          })}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="recipient-picker__error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
