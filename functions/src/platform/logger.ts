/**
 * One logger per process; handlers add the correlation id per request.
 *
 * It writes the lines the Powertools logger wrote (one JSON object per line: level, message,
 * timestamp, service, sampling_rate, xray_trace_id, correlation_id, then the extra keys; an Error as
 * `error: { name, location, message, stack, cause, ...its own keys }`), reads the same variables
 * (POWERTOOLS_SERVICE_NAME, POWERTOOLS_LOG_LEVEL or LOG_LEVEL, AWS_LAMBDA_LOG_LEVEL) and writes to
 * process.stdout/stderr directly, not through the console the Lambda runtime prefixes. The portal
 * used five of the Powertools logger's methods; with its commons and the invocation store it was
 * 23 KB of every bundle (docs/performance.md, "Lambda bundles").
 */

const LEVELS = { TRACE: 6, DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, CRITICAL: 24, SILENT: 28 } as const;
export type LogLevel = keyof typeof LEVELS;

/** Keys an extra object cannot replace (Powertools' reserved keys). */
const RESERVED = new Set(['level', 'message', 'sampling_rate', 'service', 'timestamp']);

type Extra = Record<string, unknown> | Error | string | null | undefined;

const isLevel = (value: string | undefined): value is LogLevel => value !== undefined && value in LEVELS;

/** The level AWS Lambda's advanced logging controls set; below it nothing reaches CloudWatch. */
function lambdaLevel(): LogLevel | undefined {
  const level = process.env.AWS_LAMBDA_LOG_LEVEL?.toUpperCase();
  return level === 'FATAL' ? 'CRITICAL' : isLevel(level) ? level : undefined;
}

function initialLevel(): LogLevel {
  const configured = (process.env.POWERTOOLS_LOG_LEVEL || process.env.LOG_LEVEL || '').toUpperCase();
  const level = isLevel(configured) ? configured : 'INFO';
  const floor = lambdaLevel();
  return floor && LEVELS[floor] > LEVELS[level] ? floor : level;
}

/** `file:line` of the first frame with a position, as Powertools' `location`. */
function location(stack: string | undefined): string {
  for (const line of stack?.split('\n') ?? []) {
    const match = /\(([^()]*?):(\d+?):(\d+?)\)\\?$/.exec(line);
    if (match) return `${match[1]}:${Number(match[2])}`;
  }
  return '';
}

function formatError(error: Error): Record<string, unknown> {
  const { name, message, stack, cause } = error;
  const formatted: Record<string, unknown> = { name, location: location(stack), message, stack, cause: cause instanceof Error ? formatError(cause) : cause };
  for (const key of Object.keys(error)) if (!['name', 'message', 'stack', 'cause'].includes(key)) formatted[key] = (error as unknown as Record<string, unknown>)[key];
  return formatted;
}

/** Errors anywhere become their formatted object, BigInts strings; a circular reference is left out. */
function replacer(): (this: unknown, key: string, value: unknown) => unknown {
  const ancestors: unknown[] = [];
  return function (this: unknown, _key, value) {
    const replaced = value instanceof Error ? formatError(value) : value;
    if (typeof replaced === 'bigint') return replaced.toString();
    if (typeof replaced === 'object' && replaced !== null) {
      while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
      if (ancestors.includes(replaced)) return undefined;
      ancestors.push(replaced);
    }
    return replaced;
  };
}

/** The X-Ray trace id of the current invocation (the Root of `_X_AMZN_TRACE_ID`). */
function xrayTraceId(): string | undefined {
  const header = process.env._X_AMZN_TRACE_ID;
  return header ? (/Root=([^;]+)/.exec(header)?.[1] ?? header.split(';')[0]) : undefined;
}

export class Logger {
  readonly #service: string;
  #level: LogLevel = initialLevel();
  #correlationId: string | undefined;

  constructor(options: { serviceName?: string } = {}) {
    this.#service = options.serviceName ?? process.env.POWERTOOLS_SERVICE_NAME ?? 'service_undefined';
  }

  debug(message: string, ...extra: Extra[]): void {
    this.#print('DEBUG', message, extra);
  }

  info(message: string, ...extra: Extra[]): void {
    this.#print('INFO', message, extra);
  }

  warn(message: string, ...extra: Extra[]): void {
    this.#print('WARN', message, extra);
  }

  error(message: string, ...extra: Extra[]): void {
    this.#print('ERROR', message, extra);
  }

  setLogLevel(level: LogLevel): void {
    // A level below the one Lambda's logging controls set would only write lines Lambda drops.
    const floor = lambdaLevel();
    this.#level = floor && LEVELS[floor] > LEVELS[level] ? floor : level;
  }

  getLevelName(): LogLevel {
    return this.#level;
  }

  setCorrelationId(value: string | undefined): void {
    this.#correlationId = value;
  }

  getCorrelationId(): string | undefined {
    return this.#correlationId;
  }

  #print(level: Exclude<LogLevel, 'SILENT'>, message: string, extra: Extra[]): void {
    if (LEVELS[level] < LEVELS[this.#level]) return;
    const line: Record<string, unknown> = {
      level,
      message,
      timestamp: new Date().toISOString(),
      service: this.#service,
      sampling_rate: 0,
      xray_trace_id: xrayTraceId(),
      correlation_id: this.#correlationId,
    };
    for (const item of extra) {
      if (item === null || item === undefined) continue;
      if (item instanceof Error) line.error = item;
      else if (typeof item === 'string') line.extra = item;
      else for (const [key, value] of Object.entries(item)) if (!RESERVED.has(key)) line[key] = value;
    }
    // As Powertools: top-level keys without a value (undefined, null, '') are left out.
    for (const key of Object.keys(line)) if (line[key] === undefined || line[key] === null || line[key] === '') delete line[key];
    const text = `${JSON.stringify(line, replacer())}\n`;
    (LEVELS[level] >= LEVELS.ERROR ? process.stderr : process.stdout).write(text);
  }
}

export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'portal' });
