import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';
import { cardOffset, dismissesOnOutsideClick, isCardLocked, TABBABLE, wrappedFocusIndex } from './side-card-rules.ts';
import { useSideCardStack } from './side-card-stack.tsx';
import { useEscape } from './use-escape.ts';
import { useLatest } from './use-latest.ts';
import './ui.css';

// Its own module, so a list page's form hooks (use-form-card.ts) do not bring the card with them.
export { useCloseAfterSubmit } from './close-after-submit.ts';

/** Elements marked with this attribute (toasts) do not count as "outside" a side card. */
export const KEEP_SIDE_CARDS_ATTRIBUTE = 'data-keep-side-cards';

interface SideCardProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Stays open on outside clicks (e.g. while a form is dirty). */
  frozen?: boolean;
  /** Editor overlays also close on Escape (spec 000 §2). */
  closeOnEscape?: boolean;
}

/**
 * A panel sliding in from the right (spec 000 §2): stacked with an offset by position, closed by
 * an outside click unless frozen or locked (`cardstate=lock`), by its close button, and by Escape
 * for editors. Only the top-most card reacts to outside clicks and Escape, and it is modal: the
 * cards below and the page are inert (side-card-stack.tsx) and Tab cycles within it.
 */
export function SideCard({ title, onClose, children, frozen = false, closeOnEscape = false }: SideCardProps) {
  const { t } = useTranslation('app');
  const { layer, ids, register } = useSideCardStack();
  const id = useId();
  const titleId = `${id}-title`;
  const ref = useRef<HTMLElement>(null);
  const location = useLocation();
  const close = useLatest(onClose);

  useLayoutEffect(() => register(id), [id, register]);
  const position = ids.indexOf(id);
  const isTop = position >= 0 && position === ids.length - 1;
  const outsideCloses = dismissesOnOutsideClick({ isTop, frozen, locked: isCardLocked(location.search) });

  // Focus moves into the card once it is in the layer (which may mount in the same commit), before
  // the browser paints: a passive effect ran after paint and took the focus from a control that a
  // quick keyboard user (or a test) had already moved to inside the card.
  useLayoutEffect(() => {
    ref.current?.focus();
  }, [layer]);

  useEffect(() => {
    if (!outsideCloses) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || ref.current?.contains(target)) return;
      if (target.closest(`[${KEEP_SIDE_CARDS_ATTRIBUTE}]`)) return;
      close.current();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [outsideCloses, close]);

  useEscape(closeOnEscape && isTop, () => close.current());

  const card = (
    <section
      ref={ref}
      role="dialog"
      aria-modal={isTop}
      aria-labelledby={titleId}
      inert={!isTop}
      onKeyDown={trapFocus}
      tabIndex={-1}
      className="side-card"
      style={{ right: cardOffset(position), zIndex: 100 + Math.max(position, 0) }}
    >
      <header className="side-card__header">
        <h2 id={titleId} className="side-card__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label={t('ui.close')} onClick={() => close.current()}>
          <CloseIcon />
        </button>
      </header>
      <div className="side-card__body">{children}</div>
    </section>
  );
  return layer ? createPortal(card, layer) : null;
}

/** Keeps Tab and Shift+Tab within the card (the page behind is inert, but the browser's own UI is not). */
function trapFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const card = event.currentTarget;
  const tabbables = [...card.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.getClientRects().length > 0);
  const active = document.activeElement;
  const current = active === card ? -1 : tabbables.indexOf(active as HTMLElement);
  // Focus on an element the list does not know (tabindex -1 inside): the browser decides.
  if (current === -1 && active !== card) return;
  const next = wrappedFocusIndex(current, tabbables.length, event.shiftKey);
  if (next === undefined) return;
  event.preventDefault();
  tabbables[next]!.focus();
}
