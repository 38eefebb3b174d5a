import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../ui/toasts.tsx';

/** Copies a value to the clipboard; `label` names what is copied ("Copy token"). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('devices');
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.show({ message: t('copy.copied'), variation: 'success' });
    } catch {
      toast.show({ message: t('copy.failed'), variation: 'error' });
    }
  }
  return (
    <Button size="small" onClick={() => void copy()}>
      {label}
    </Button>
  );
}
