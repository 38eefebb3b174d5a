import { CLIENT_ERROR_LOG_MESSAGE, CLIENT_ERROR_RATE_PER_MINUTE, CLIENT_ERROR_REFUSALS, type ClientErrorReport } from '@portal/shared/client-errors/client-error.schema';
import { isMemberOf, type Principal } from '@portal/shared/tenancy/principal';
import { RateLimitedError } from '../platform/errors/domain-errors.ts';
import { logger } from '../platform/logger.ts';
import { takeReportQuota } from './report-quota.repository.ts';

export interface Reporter {
  principal?: Principal;
  /** The address the request came from, as API Gateway (or the local runtime) saw it. */
  sourceIp: string;
}

/**
 * Logs a browser's error report as one structured `client_error` line (the correlation id is on
 * every line of the request), after counting it against the caller's quota: per user when signed
 * in, per source address when not (decision 0018). Over the quota: 429 with a stable code.
 */
export async function reportClientError(report: ClientErrorReport, reporter: Reporter): Promise<void> {
  const { principal } = reporter;
  const subject = principal ? `USER#${principal.userId}` : `IP#${reporter.sourceIp}`;
  if (!(await takeReportQuota(subject, CLIENT_ERROR_RATE_PER_MINUTE))) {
    throw new RateLimitedError(CLIENT_ERROR_REFUSALS.rateLimited);
  }
  // The organisation only when the token names it: a report cannot pin itself on another tenant.
  const orgId = principal && report.org_id && isMemberOf(principal, report.org_id) ? report.org_id : undefined;
  logger.warn(CLIENT_ERROR_LOG_MESSAGE, {
    client_error: {
      kind: report.kind,
      error_message: report.message,
      ...(report.stack ? { stack: report.stack } : {}),
      path: report.path,
      ...(report.release ? { release: report.release } : {}),
      ...(report.user_agent ? { user_agent: report.user_agent } : {}),
    },
    signed_in: Boolean(principal),
    ...(principal ? { user_id: principal.userId } : {}),
    ...(orgId ? { org_id: orgId } : {}),
  });
}
