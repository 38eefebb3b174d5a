import { randomUUID } from 'node:crypto';
import type { BrokerAuthenticator } from '../../../infra/local/broker.ts';
import { arn } from '../aws/aws-identity.ts';
import type { HostedFunction } from './function-host.ts';
import { evaluate, type PolicyStatement, type SourcedStatement } from './iam-policy.ts';

interface AuthorizerResult {
  isAuthenticated?: boolean;
  principalId?: string;
  policyDocuments?: Array<string | { Statement: PolicyStatement[] }>;
}

/**
 * The template's IoT custom authorizer (`AWS::IoT::Authorizer`, signing disabled) on the broker:
 * every CONNECT invokes the authorizer function with the event IoT Core sends (client id, username,
 * base64 password), and the policy documents it answers decide, as IoT Core evaluates them,
 * `iot:Connect` on the client, `iot:Subscribe` on each topic filter and `iot:Publish` (and
 * `iot:RetainPublish`) on each topic. `iot:Receive` is not checked per message (aedes has no hook
 * for it here; docs/deploy.md).
 */
export function templateAuthorizer(fn: HostedFunction): BrokerAuthenticator {
  return async ({ clientId, username, password }) => {
    const event = {
      token: undefined,
      signatureVerified: false,
      protocols: ['mqtt'],
      protocolData: { mqtt: { clientId, ...(username !== undefined ? { username } : {}), ...(password !== undefined ? { password: Buffer.from(password).toString('base64') } : {}) } },
      connectionMetadata: { id: randomUUID() },
    };
    let result: AuthorizerResult;
    try {
      result = (await fn.invoke(event)) as AuthorizerResult;
    } catch (error) {
      // IoT Core refuses the connection when its authorizer fails.
      return { refused: 'credentials', actor: 'anonymous', detail: `authorizer failed: ${(error as Error).message}` };
    }
    if (!result?.isAuthenticated) return { refused: 'credentials', actor: 'anonymous', detail: 'the authorizer did not authenticate' };
    const statements: SourcedStatement[] = (result.policyDocuments ?? []).flatMap((doc, d) => {
      const parsed = typeof doc === 'string' ? (JSON.parse(doc) as { Statement: PolicyStatement[] }) : doc;
      return parsed.Statement.map((statement, i) => ({ id: `policyDocuments.${d}#${i}`, statement }));
    });
    const may = (action: string, resource: string) => evaluate(statements, { action, resource }).allowed;
    if (!may('iot:Connect', arn('iot', `client/${clientId}`))) {
      return { refused: 'client-id', actor: result.principalId ?? 'anonymous', detail: `the authorizer's policy does not allow iot:Connect as ${clientId}` };
    }
    return {
      principal: `iot:${result.principalId}`,
      maySubscribe: (filter) => may('iot:Subscribe', arn('iot', `topicfilter/${filter}`)),
      mayPublish: (topic, retain) => may('iot:Publish', arn('iot', `topic/${topic}`)) && (!retain || may('iot:RetainPublish', arn('iot', `topic/${topic}`))),
    };
  };
}
