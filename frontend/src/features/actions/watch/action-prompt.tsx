import { useTranslation } from 'react-i18next';
import { useNow } from '../../../watch/use-now.ts';
import { actionView, formatTimeLeft } from './action-inbox.ts';
import type { Respond, WatchMessage } from '../../../watch/watch-message.ts';

/** The prompt's state as a line of text: "0:08 left", "Accepted", "Covered", … */
function useActionLine(message: WatchMessage) {
  const { t } = useTranslation('watch');
  const open = !!message.action && !message.action.closed && !message.action.outcome && !message.action.answered;
  const now = useNow(open);
  if (!message.action) return undefined;
  const view = actionView(message.action, now);
  return { view, line: view.state === 'open' ? t('action.left', { time: formatTimeLeft(view.msLeft) }) : t(`action.state.${view.state}`) };
}

/** On the card: the time left while the prompt is open, then what became of it. */
export function ActionSummary({ message }: { message: WatchMessage }) {
  const state = useActionLine(message);
  return state ? <span className={`watch__action-line watch__action-line--${state.view.state}`}>{state.line}</span> : null;
}

/**
 * The opened prompt: the time left (ticking, so not announced every second), Accept and Decline
 * (enabled while it is open and unanswered), and its state in a live region (announced when it
 * changes: sent, accepted, covered, expired, …).
 */
export function ActionPrompt({ message, respond }: { message: WatchMessage; respond: Respond }) {
  const { t } = useTranslation('watch');
  const state = useActionLine(message);
  if (!state || !message.action) return null;
  const { view, line } = state;
  return (
    <div className="watch__action">
      {view.state === 'open' ? <p className="watch__action-left">{line}</p> : null}
      <p className="watch__action-state" role="status">
        {view.state === 'open' ? '' : line}
      </p>
      {/* A withdrawn prompt loses its buttons; an answered or timed-out one keeps them, disabled. */}
      {!message.action.closed ? (
        <div className="watch__action-buttons">
          {message.action.answers.map((answer) => (
            <button key={answer} type="button" className={`watch__answer watch__answer--${answer}`} disabled={!view.canAnswer} onClick={() => respond(answer)}>
              {t(`action.answer.${answer}`)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
