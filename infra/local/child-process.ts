import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** Keeps the last lines a child printed, to explain a failed start. */
export function captureOutput(child: ChildProcess, keep = 40): () => string {
  const lines: string[] = [];
  const push = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - keep));
  };
  child.stdout?.on('data', push);
  child.stderr?.on('data', push);
  return () => lines.join('\n');
}

/** SIGTERM, then SIGKILL if the child has not gone after a grace period. */
export async function stopChild(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
