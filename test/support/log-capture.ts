import { vi } from 'vitest';
import { logger } from '../../functions/src/platform/logger.ts';

/**
 * Runs `action` with the Powertools logger at INFO and returns the structured lines it wrote
 * (tests run it SILENT), so a test can assert what a security event logged and what it did not.
 */
export async function captureLogs<T>(action: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[]; raw: string }> {
  const chunks: string[] = [];
  const capture = (chunk: unknown) => {
    chunks.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  logger.setLogLevel('INFO');
  try {
    const result = await action();
    const raw = chunks.join('');
    const lines = raw
      .split('\n')
      .filter((line) => line.trim().startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { result, lines, raw };
  } finally {
    logger.setLogLevel('SILENT');
    vi.restoreAllMocks();
  }
}

export const securityEvents = (lines: Record<string, unknown>[]) => lines.filter((line) => 'security_event' in line);
