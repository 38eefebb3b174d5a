import type { ReactNode } from 'react';
import './components.css';

interface EmptyStateProps {
  /** A decorative icon from ui/icons.tsx, in the module's colour. */
  icon?: ReactNode;
  /** What is missing ("No devices yet."). */
  title: string;
  /** One line on what the list is for, or how to fill it. */
  help?: ReactNode;
  /** The one thing to do next: a ButtonLink or Button. */
  action?: ReactNode;
  /** Less padding: inside a side card or a narrow pane. */
  compact?: boolean;
}

/** What a list shows when it has nothing (yet): not just a line of text. */
export function EmptyState({ icon, title, help, action, compact = false }: EmptyStateProps) {
  return (
    <div className={compact ? 'empty-state empty-state--compact' : 'empty-state'}>
      {icon ? <div className="empty-state__icon">{icon}</div> : null}
      <p className="empty-state__title">{title}</p>
      {help ? <p className="empty-state__help">{help}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
