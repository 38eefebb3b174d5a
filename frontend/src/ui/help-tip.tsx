import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HelpIcon } from './icons.tsx';
import './ui.css';

interface HelpTipsState {
  enabled: boolean;
  toggle: () => void;
}

const HelpTipsContext = createContext<HelpTipsState>({ enabled: false, toggle: () => undefined });

/** The help tooltip toggle of spec 000 §2: when on, pages show their rich help texts. */
export function HelpTipsProvider({ children }: { children: ReactNode }) {
  const [enabled, setEnabled] = useState(false);
  const value = useMemo(() => ({ enabled, toggle: () => setEnabled((on) => !on) }), [enabled]);
  return <HelpTipsContext.Provider value={value}>{children}</HelpTipsContext.Provider>;
}

export function useHelpTips(): HelpTipsState {
  return useContext(HelpTipsContext);
}

/** The header button that switches help tips on and off. */
export function HelpTipsToggle() {
  const { t } = useTranslation('app');
  const { enabled, toggle } = useHelpTips();
  return (
    <button type="button" className="header-button" aria-pressed={enabled} onClick={toggle}>
      <HelpIcon />
      <span className="header-button__label">{t('ui.helpTips')}</span>
    </button>
  );
}

/** Rich help for the area it sits in; rendered only while help tips are on. */
export function HelpTip({ title, children }: { title: string; children: ReactNode }) {
  const { enabled } = useHelpTips();
  if (!enabled) return null;
  return (
    <aside className="help-tip" aria-label={title}>
      <strong className="help-tip__title">{title}</strong>
      <div className="help-tip__body">{children}</div>
    </aside>
  );
}
