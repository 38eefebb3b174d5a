import { afterEach, describe, expect, it, vi } from 'vitest';
import { Logger } from './logger.ts';

/** The lines a logger wrote, parsed, and which stream each went to. */
function capture(run: (logger: Logger) => void, level: Parameters<Logger['setLogLevel']>[0] = 'INFO') {
  const lines: Array<{ stream: 'stdout' | 'stderr'; line: Record<string, unknown> }> = [];
  const into = (stream: 'stdout' | 'stderr') => (chunk: unknown) => {
    for (const text of String(chunk).split('\n').filter(Boolean)) lines.push({ stream, line: JSON.parse(text) as Record<string, unknown> });
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(into('stdout'));
  vi.spyOn(process.stderr, 'write').mockImplementation(into('stderr'));
  const logger = new Logger({ serviceName: 'tasks' });
  logger.setLogLevel(level);
  run(logger);
  vi.restoreAllMocks();
  return lines;
}

describe('logger: the lines the Powertools logger wrote, without its 23 KB', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('writes one JSON line: level, message, timestamp, service, sampling rate, trace, correlation id, then the extra keys', () => {
    vi.stubEnv('_X_AMZN_TRACE_ID', 'Root=1-6750a1b2-abcdef;Parent=53995c3f42cd8ad8;Sampled=1');
    const [written] = capture((logger) => {
      logger.setCorrelationId('req-1');
      logger.info('Task already delivered', { id: 't-1', count: 10n, gone: undefined, none: null, empty: '' });
    });
    expect(written!.stream).toBe('stdout');
    expect(Object.keys(written!.line)).toEqual(['level', 'message', 'timestamp', 'service', 'sampling_rate', 'xray_trace_id', 'correlation_id', 'id', 'count']);
    expect(written!.line).toMatchObject({ level: 'INFO', message: 'Task already delivered', service: 'tasks', sampling_rate: 0, xray_trace_id: '1-6750a1b2-abcdef', correlation_id: 'req-1', id: 't-1', count: '10' });
    expect(new Date(written!.line.timestamp as string).toISOString()).toBe(written!.line.timestamp);
  });

  it('formats an Error, given alone or as a value, with its location, stack, cause and own keys; errors go to stderr', () => {
    // A named function, so the first frame has the `(file:line:column)` that `location` reads.
    const failing = () => Object.assign(new Error('boom', { cause: new TypeError('inner') }), { code: 'X' });
    const error = failing();
    const lines = capture((logger) => {
      logger.error('Unhandled error', error);
      logger.warn('Step schedule not cancelled', { actionId: 'a-1', error });
    });
    expect(lines.map((l) => l.stream)).toEqual(['stderr', 'stdout']);
    for (const { line } of lines) {
      expect(line.error).toMatchObject({ name: 'Error', message: 'boom', code: 'X', cause: { name: 'TypeError', message: 'inner' } });
      expect((line.error as { location: string }).location).toMatch(/logger\.test\.ts:\d+$/);
      expect((line.error as { stack: string }).stack).toContain('Error: boom');
    }
  });

  it('keeps the reserved keys, takes a string as `extra`, and leaves a circular reference out', () => {
    const circular: Record<string, unknown> = { x: 1 };
    circular.self = circular;
    const [first, second] = capture((logger) => {
      logger.info('first', { level: 'DEBUG', message: 'other', service: 'x', extra2: 1 });
      logger.info('second', 'text', circular);
    });
    expect(first!.line).toMatchObject({ level: 'INFO', message: 'first', service: 'tasks', extra2: 1 });
    expect(second!.line).toMatchObject({ extra: 'text', x: 1, self: { x: 1 } });
  });

  it('writes nothing below its level, SILENT nothing at all', () => {
    expect(capture((logger) => logger.debug('hidden'), 'INFO')).toEqual([]);
    expect(capture((logger) => logger.error('hidden'), 'SILENT')).toEqual([]);
    expect(capture((logger) => logger.debug('shown'), 'DEBUG')).toHaveLength(1);
  });

  it('starts at POWERTOOLS_LOG_LEVEL, else LOG_LEVEL, else INFO; never below the level Lambda’s logging controls set', () => {
    vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'warn');
    vi.stubEnv('LOG_LEVEL', 'DEBUG');
    expect(new Logger().getLevelName()).toBe('WARN');
    vi.stubEnv('POWERTOOLS_LOG_LEVEL', '');
    expect(new Logger().getLevelName()).toBe('DEBUG');
    vi.stubEnv('LOG_LEVEL', '');
    expect(new Logger().getLevelName()).toBe('INFO');
    vi.stubEnv('AWS_LAMBDA_LOG_LEVEL', 'ERROR');
    const logger = new Logger();
    expect(logger.getLevelName()).toBe('ERROR');
    logger.setLogLevel('DEBUG');
    expect(logger.getLevelName()).toBe('ERROR');
  });
});
