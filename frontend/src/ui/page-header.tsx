import type { ReactNode } from 'react';
import './ui.css';

/** A page's title (the organisation's name is the shell's level-1 heading) and its actions. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <div className="page-header">
      <h2 className="page-header__title">{title}</h2>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </div>
  );
}
