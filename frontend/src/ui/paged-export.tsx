import { useEffect, useRef, useState } from 'react';
import { Button, Flex } from '@aws-amplify/ui-react';
import { FormError } from './form-error.tsx';
import { formErrorMessage } from './form-error-message.ts';
import { useLatest } from './use-latest.ts';
import './components.css';

/** One page of a list the export walks: its items and the token of the next (none at the end). */
export interface ExportPage<T> {
  items: readonly T[];
  next_token?: string | null;
}

export interface PagedExportTexts {
  button: string;
  /** The button's accessible name, where the button's text alone says too little. */
  buttonLabel?: string;
  /** What the status line says: while pages arrive, and when the file is saved. */
  progress: (running: boolean, count: number) => string;
  failed: string;
}

interface PagedExportProps<T> {
  /** A page from `token` (undefined: the first). */
  readPage: (token: string | undefined, signal: AbortSignal) => Promise<ExportPage<T>>;
  /** Makes and saves the file of every item, read as it is when the last page arrives (names may load meanwhile); it may load its code first. */
  save: (items: T[]) => void | Promise<void>;
  texts: PagedExportTexts;
}

type Progress = { running: boolean; count: number } | undefined;

/**
 * "Export CSV" of a paged list (the audit trail, the reports' raw rows; issue 32): every page read
 * in turn, the count so far said politely as pages arrive, then one file. Leaving the page stops it.
 */
export function PagedExport<T>({ readPage, save, texts }: PagedExportProps<T>) {
  const [progress, setProgress] = useState<Progress>();
  const [error, setError] = useState<string>();
  const running = useRef<AbortController>(undefined);
  const latest = useLatest({ readPage, save });
  useEffect(() => () => running.current?.abort(), []);

  async function run() {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setError(undefined);
    setProgress({ running: true, count: 0 });
    try {
      const items: T[] = [];
      let token: string | undefined;
      do {
        const page = await latest.current.readPage(token, controller.signal);
        items.push(...page.items);
        token = page.next_token || undefined;
        setProgress({ running: true, count: items.length });
      } while (token);
      await latest.current.save(items);
      setProgress({ running: false, count: items.length });
    } catch (failure) {
      if (controller.signal.aborted) return;
      setProgress(undefined);
      setError(formErrorMessage(failure, texts.failed));
    } finally {
      running.current = undefined;
    }
  }

  const busy = progress?.running ?? false;
  return (
    <Flex direction="column" alignItems="flex-end" gap="xs" marginLeft="auto">
      <Flex alignItems="center">
        {/* Always there, so a screen reader hears each change of it. */}
        <p role="status" className="paged-export__status">
          {progress ? texts.progress(busy, progress.count) : ''}
        </p>
        {/* Not disabled while it runs: a disabled button would drop the keyboard's focus. */}
        <Button variation="primary" aria-disabled={busy} aria-label={texts.buttonLabel} onClick={() => void run()}>
          {texts.button}
        </Button>
      </Flex>
      <FormError message={error} />
    </Flex>
  );
}
