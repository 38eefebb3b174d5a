import { useTranslation } from 'react-i18next';
import { CopyButton as KitCopyButton } from '../../../ui/copy-button.tsx';

/** The kit's copy button with the devices' toasts; `label` names what is copied ("Copy token"). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('devices');
  return <KitCopyButton value={value} label={label} copied={t('copy.copied')} failed={t('copy.failed')} />;
}
