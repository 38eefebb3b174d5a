import { useId } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useSentNotice } from '../watch/use-sent-notice.ts';
import { kioskButtons, type KioskButton, type KioskConfig, type KioskCredentials } from './kiosk-config.ts';
import { useKioskConnection } from './use-kiosk-connection.ts';

interface KioskScreenProps {
  url: string;
  topicRoot: string;
  credentials: KioskCredentials;
  onDisconnect: () => void;
}

/** The connected tablet: its connection, which tablet it is, and its trigger group's buttons. */
export function KioskScreen({ url, topicRoot, credentials, onDisconnect }: KioskScreenProps) {
  const { t } = useTranslation('kiosk');
  const { state, config, press } = useKioskConnection(url, topicRoot, credentials);
  const { sent, show } = useSentNotice();
  return (
    <section className="kiosk" aria-label={t('screen')}>
      <div className="kiosk__bar">
        <p className={`kiosk__status kiosk__status--${state}`} role="status">
          {t(`connection.${state}`)}
        </p>
        <Button size="small" onClick={onDisconnect}>
          {t('disconnect')}
        </Button>
      </div>
      {state === 'refused' ? <p role="alert">{t('refused')}</p> : null}
      {config === 'deleted' ? <p role="alert">{t('deleted')}</p> : null}
      {config && config !== 'deleted' ? (
        <KioskButtons config={config} connected={state === 'connected'} onPress={(button) => {
            if (press(button)) show(button.name);
          }} />
      ) : state === 'connected' ? (
        <p>{t('waiting')}</p>
      ) : null}
      <p className="kiosk__sent" role="status">
        {sent ? t('sent', { name: sent.name }) : ''}
      </p>
    </section>
  );
}

function KioskButtons({ config, connected, onPress }: { config: KioskConfig; connected: boolean; onPress: (button: KioskButton) => void }) {
  const { t } = useTranslation('kiosk');
  const titleId = useId();
  const { menu } = config;
  return (
    <>
      <p className="kiosk__device">{t('device', { serial: config.serial })}</p>
      {!menu ? (
        <div className="kiosk__none">
          <h2 className="kiosk__group">{t('noTriggerGroup')}</h2>
          <p>{t('noTriggerGroupHelp')}</p>
        </div>
      ) : (
        <>
          <h2 id={titleId} className="kiosk__group">
            {menu.name}
          </h2>
          {menu.triggers.length === 0 ? <p>{t('emptyGroup')}</p> : null}
          <ul className="kiosk__buttons" aria-labelledby={titleId}>
            {kioskButtons(menu).map((button) => (
              <li key={button.triggerId}>
                <button type="button" className="kiosk__button" disabled={!connected} onClick={() => onPress(button)}>
                  {button.name}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
