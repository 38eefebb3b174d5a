import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../ui/icons.tsx';
import { useEscape } from '../../ui/use-escape.ts';

/** The menu as a popup on narrow screens (spec 000 §2); a backdrop click or Escape closes it. */
export function MenuPopup({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation('app');
  const ref = useRef<HTMLDivElement>(null);
  useEscape(true, onClose);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className="menu-popup__backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={ref} className="menu-popup" role="dialog" aria-modal="true" aria-label={t('shell.menu')} tabIndex={-1}>
        <button type="button" className="icon-button menu-popup__close" aria-label={t('shell.closeMenu')} onClick={onClose}>
          <CloseIcon />
        </button>
        {children}
      </div>
    </div>
  );
}
