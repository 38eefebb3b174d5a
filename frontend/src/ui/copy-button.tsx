import { Button } from '@aws-amplify/ui-react';
import { useToast } from './toasts.tsx';

interface CopyButtonProps {
  value: string;
  /** Names what is copied ("Copy token", "Copy URL"). */
  label: string;
  /** The toasts after the copy, in the module's words. */
  copied: string;
  failed: string;
}

/** Copies a value to the clipboard and says so in a toast (a device's token, a webhook's URL and secret). */
export function CopyButton({ value, label, copied, failed }: CopyButtonProps) {
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.show({ message: copied, variation: 'success' });
    } catch {
      toast.show({ message: failed, variation: 'error' });
    }
  }
  return (
    <Button type="button" size="small" onClick={() => void copy()}>
      {label}
    </Button>
  );
}
