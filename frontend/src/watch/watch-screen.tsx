import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VibrationPattern, WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { formatTime } from '../lib/zoned-time.ts';
import { messageKind } from './message-kinds.tsx';
import { useFreshCards } from './use-fresh-cards.ts';
import type { ConnectionState } from './use-watch-connection.ts';
import { isFresh, isQuietTime, minutesOfDay, vibrationOf } from './watch-alerts.ts';
import type { Receipt } from './watch-events.ts';
import type { WatchMessage, WatchResponse } from './watch-message.ts';
import { useWatchTimeZone, WatchTimeZoneProvider } from './watch-time-zone.ts';

interface WatchScreenProps {
  state: ConnectionState;
  messages: WatchMessage[];
  receipt: (message: WatchMessage, event: Receipt) => void;
  open: (message: WatchMessage) => void;
  answer: (message: WatchMessage, response: WatchResponse) => void;
  /** The organisation's watch settings (defaults until /watch-config answers). */
  settings: WatchSettings;
  /** The organisation's time zone: the times shown and quiet hours are in it (decision 0049). */
  timeZone: string;
}

/** The round, watch-sized screen: connection state, the message cards, one message opened. */
export function WatchScreen({ state, messages, receipt, open, answer, settings, timeZone }: WatchScreenProps) {
  const { t } = useTranslation('watch');
  const { arrivals, now } = useFreshCards(
    messages.map((m) => `${m.kind}:${m.messageId}`),
    settings.display_seconds,
  );
  /** A card new on the screen: the pattern a watch would have played when it came (quiet hours then). */
  const alertOf = (message: WatchMessage): VibrationPattern | undefined => {
    const arrivedAt = arrivals.get(`${message.kind}:${message.messageId}`);
    if (arrivedAt === undefined || !isFresh(arrivedAt, now, settings.display_seconds)) return undefined;
    return vibrationOf(message.kind, settings, isQuietTime(settings.quiet_hours, minutesOfDay(new Date(arrivedAt), timeZone)));
  };
  const [openedKey, setOpenedKey] = useState<string>();
  // Keyboard users land back on the card they opened.
  const [returnTo, setReturnTo] = useState<string>();
  const opened = messages.find((m) => `${m.kind}:${m.messageId}` === openedKey);

  return (
    <WatchTimeZoneProvider value={timeZone}>
      <section className="watch" aria-label={t('screen')}>
        <div className={`watch__status watch__status--${state}`} role="status">
          {t(`connection.${state}`)}
        </div>
        {opened ? (
          <OpenedMessage
            message={opened}
            onAnswer={(given) => answer(opened, given)}
            onBack={() => {
              setReturnTo(openedKey);
              setOpenedKey(undefined);
            }}
          />
        ) : (
          <ul className="watch__cards" aria-label={t('inbox')}>
            {messages.length === 0 ? <li className="watch__empty">{t('empty')}</li> : null}
            {messages.map((message) => (
              <MessageCard
                key={`${message.kind}:${message.messageId}`}
                message={message}
                alert={alertOf(message)}
                focus={`${message.kind}:${message.messageId}` === returnTo}
                onShown={() => receipt(message, 'received')}
                onOpen={() => {
                  open(message);
                  setOpenedKey(`${message.kind}:${message.messageId}`);
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </WatchTimeZoneProvider>
  );
}

/**
 * A card in the list: sends `received` once it is on screen; a click opens it (`read`). While new
 * (`alert` set) it is highlighted, shows its whole text and names the vibration a watch would play.
 */
function MessageCard({
  message,
  alert,
  focus,
  onShown,
  onOpen,
}: {
  message: WatchMessage;
  alert: VibrationPattern | undefined;
  focus: boolean;
  onShown: () => void;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation('watch');
  const timeZone = useWatchTimeZone();
  const { Summary, Title } = messageKind(message.kind);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => onShown(), [onShown]);
  useEffect(() => {
    if (focus) button.current?.focus();
  }, [focus]);
  return (
    <li>
      <button
        ref={button}
        type="button"
        className={`watch__card${message.read ? '' : ' watch__card--unread'}${alert ? ' watch__card--new' : ''}`}
        onClick={onOpen}
      >
        <span className="watch__card-kind">
          {t(`kinds.${message.kind}`, { defaultValue: message.kind })} · {formatTime(message.sentAt, i18n.language, timeZone)}
          {message.read ? null : <span className="visually-hidden"> · {t('unread')}</span>}
          {alert && alert !== 'none' ? <span className="watch__vibration"> · {t(`vibration.${alert}`)}</span> : null}
        </span>
        <span className="watch__card-title">{Title ? <Title message={message} /> : message.title || message.body}</span>
        {message.title && message.body ? <span className="watch__card-body">{message.body}</span> : null}
        {Summary ? <Summary message={message} /> : null}
      </button>
    </li>
  );
}

function OpenedMessage({ message, onAnswer, onBack }: { message: WatchMessage; onAnswer: (response: WatchResponse) => void; onBack: () => void }) {
  const { t, i18n } = useTranslation('watch');
  const timeZone = useWatchTimeZone();
  const { Actions, Title } = messageKind(message.kind);
  const titleId = useId();
  // Opening moves the focus into the message (its card is gone), so the keyboard goes on from there.
  const article = useRef<HTMLElement>(null);
  useEffect(() => article.current?.focus(), []);
  return (
    <article ref={article} tabIndex={-1} className="watch__opened" {...(Title ? { 'aria-labelledby': titleId } : { 'aria-label': message.title || message.body })}>
      <span className="watch__card-kind">
        {t(`kinds.${message.kind}`, { defaultValue: message.kind })} · {formatTime(message.sentAt, i18n.language, timeZone)}
      </span>
      {Title ? (
        <h2 id={titleId} className="watch__opened-title">
          <Title message={message} />
        </h2>
      ) : message.title ? (
        <h2 className="watch__opened-title">{message.title}</h2>
      ) : null}
      {message.body ? <p className="watch__opened-body">{message.body}</p> : null}
      {Actions ? <Actions message={message} respond={onAnswer} /> : null}
      <button type="button" className="watch__back" onClick={onBack}>
        {t('back')}
      </button>
    </article>
  );
}
