import { useTranslation } from 'react-i18next';
import { ConfirmOnce } from './confirm-once.tsx';
import { useListNav } from './use-list-nav.ts';

/**
 * A list page's overlays (notifications, actions, tasks): the list they close to and the module's
 * namespace, whose texts the kit's overlays read under the same keys in every module
 * (actions.cancel, confirm.failed, confirm.delete, inspect.*, confirm.deleteTemplate*).
 */
export interface ListOverlays {
  listRoute: string;
  namespace: string;
  /** The loader's accessible name while an overlay's item loads ('list.loading'). */
  loadingKey: string;
}

/** What every question of an overlay route shares: Cancel closes to the list; a failure says 'confirm.failed'. */
export function useOverlayQuestion({ listRoute, namespace }: ListOverlays) {
  const { t } = useTranslation(namespace);
  const { close } = useListNav(listRoute);
  return { cancelLabel: t('actions.cancel'), failedLabel: t('confirm.failed'), onCancel: () => close() };
}

interface ConfirmOverlayProps {
  overlays: ListOverlays;
  title: string;
  message: string;
  label: string;
  destructive?: boolean;
  run: () => Promise<void>;
}

/** A question with one answer, carried out by `run`; a failure is reported (spec 000 §8) and the question stays. */
export function ConfirmOverlay({ overlays, destructive = true, ...rest }: ConfirmOverlayProps) {
  return <ConfirmOnce {...rest} variation={destructive ? 'destructive' : 'primary'} {...useOverlayQuestion(overlays)} />;
}
