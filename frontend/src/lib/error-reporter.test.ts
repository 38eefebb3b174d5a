import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMITS, clientErrorSchema, type ClientErrorReport } from '@portal/shared/client-errors/client-error.schema';
import { MAX_REPORTS_PER_PAGE, buildReport, createErrorReporter, describeError } from './error-reporter.ts';

const page = { path: '/01JD4Q7Z8X9Y0A1B2C3D4E5F6G/dashboard', userAgent: 'Chromium', release: 'index-3f9a1c.js' };

describe('error reporter', () => {
  it('builds a report the API accepts, with the organisation from the path', async () => {
    const report = buildReport('uncaught', new TypeError('x is undefined'), page);
    expect(report).toMatchObject({ kind: 'uncaught', message: 'TypeError: x is undefined', path: page.path, release: 'index-3f9a1c.js', user_agent: 'Chromium', org_id: '01JD4Q7Z8X9Y0A1B2C3D4E5F6G' });
    expect(report.stack).toContain('TypeError');
    await expect(clientErrorSchema.validate(report, { strict: true })).resolves.toBeTruthy();
  });

  it('clips every field to its limit and describes things that are not errors', async () => {
    const huge = Object.assign(new Error('m'.repeat(5_000)), { stack: 's'.repeat(20_000) });
    const report = buildReport('unhandledrejection', huge, { ...page, path: `/${'p'.repeat(3_000)}`, userAgent: 'u'.repeat(1_000) });
    expect(report.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(report.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(report.path).toHaveLength(CLIENT_ERROR_LIMITS.path);
    expect(report.user_agent).toHaveLength(CLIENT_ERROR_LIMITS.userAgent);
    await expect(clientErrorSchema.validate(report, { strict: true })).resolves.toBeTruthy();
    expect(describeError('plain text')).toEqual({ message: 'plain text' });
    expect(describeError({ status: 500 })).toEqual({ message: '{"status":500}' });
    expect(buildReport('error-page', undefined, { ...page, path: '/signin' })).not.toHaveProperty('org_id');
  });

  it('sends each distinct error once and at most the cap per page load, and swallows failed sends', async () => {
    const sent: ClientErrorReport[] = [];
    const report = createErrorReporter(async (r) => {
      sent.push(r);
      throw new Error('offline');
    }, () => page);
    report('uncaught', new Error('same'));
    report('uncaught', new Error('same'));
    report('error-page', new Error('same'));
    expect(sent.map((r) => r.kind)).toEqual(['uncaught', 'error-page']);
    for (let i = 0; i < 20; i += 1) report('uncaught', new Error(`loop ${i}`));
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
    await Promise.resolve();
  });
});
