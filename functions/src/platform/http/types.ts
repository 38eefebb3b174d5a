import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Principal } from '@portal/shared/tenancy/principal';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** The Lambda context, plus what the auth middleware learned about the caller. */
export interface PortalContext extends Context {
  principal?: Principal;
}
