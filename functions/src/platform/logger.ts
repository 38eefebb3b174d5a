import { Logger } from '@aws-lambda-powertools/logger';

/** One logger per process; handlers add the correlation id per request. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'portal' });
