import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TriggerMenu } from '@portal/shared/automation/automation.schema';
import { useSentNotice } from './use-sent-notice.ts';

/**
 * The user's trigger menu (the trigger group an administrator chose for them): one button per
 * trigger, in the group's order; a press fires it (a `button` event on the user's events topic).
 * The buttons wait for the connection, and the live region says what was sent.
 */
export function TriggerMenuPanel({ menu, connected, onPress }: { menu: TriggerMenu; connected: boolean; onPress: (triggerId: string) => void }) {
  const { t } = useTranslation('watch');
  const titleId = useId();
  const { sent, show } = useSentNotice();
  return (
    <section className="watch-menu" aria-labelledby={titleId}>
      <h2 id={titleId} className="watch-menu__title">
        {t('menu.title')}
      </h2>
      <p className="watch-menu__group">{menu.name}</p>
      {menu.triggers.length === 0 ? <p>{t('menu.empty')}</p> : null}
      <ul className="watch-menu__list">
        {menu.triggers.map((trigger) => (
          <li key={trigger.id}>
            <button
              type="button"
              className="watch-menu__button"
              disabled={!connected}
              onClick={() => {
                onPress(trigger.id);
                show(trigger.name);
              }}
            >
              {trigger.name}
            </button>
          </li>
        ))}
      </ul>
      <p className="watch-menu__sent" role="status">
        {sent ? t('menu.sent', { name: sent.name }) : connected ? '' : t('menu.offline')}
      </p>
    </section>
  );
}
