import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { TOAST_EDGE_PX, TOAST_SPACE_PROPERTY, toastRole, toastSpace, toastTimeout, type ToastInput } from './toast-rules.ts';
import './ui.css';

interface Toast extends ToastInput {
  id: number;
}

interface ToastApi {
  show: (toast: ToastInput) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * The toast list of spec 000 §8, in one labelled region the side cards ignore for outside clicks.
 * Each toast is its own live region (status, or alert for errors). The region's height is published
 * as --toast-space, the band side cards and the page leave free (ui.css), so no toast hides a control.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('app');
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (input: ToastInput) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { ...input, id }]);
      const timeout = toastTimeout(input);
      if (timeout !== undefined) timers.current.set(id, setTimeout(() => dismiss(id), timeout));
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const region = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = region.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(TOAST_SPACE_PROPERTY, `${toastSpace(element.offsetHeight)}px`);
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    publish();
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOAST_SPACE_PROPERTY);
    };
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <section ref={region} className="toast-region" style={{ bottom: TOAST_EDGE_PX }} data-keep-side-cards="" aria-label={t('ui.notifications')}>
        {toasts.map((toast) => (
          <Alert
            key={toast.id}
            role={toastRole(toast.variation)}
            variation={toast.variation ?? 'info'}
            isDismissible
            dismissButtonLabel={t('ui.dismiss')}
            onDismiss={() => dismiss(toast.id)}
            className="toast"
          >
            {toast.message}
          </Alert>
        ))}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}
