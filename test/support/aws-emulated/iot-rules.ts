import type { Aedes, Client } from 'aedes';
import type { HostedFunction } from './function-host.ts';
import { parseIotSql, topicMatches, type IotRuleQuery } from './iot-sql.ts';
import type { Resolver } from './resolve.ts';
import { resourcesOf, type CfnTemplate } from './template.ts';

interface Rule {
  logicalId: string;
  name: string;
  query: IotRuleQuery;
  targets: HostedFunction[];
}

/**
 * Every enabled `AWS::IoT::TopicRule` of the template on the broker: its SQL's topic filter
 * matched against each publish (devices', people's and the lifecycle events below), its WHERE
 * and projection applied, and each Lambda action invoked asynchronously with the result, as IoT
 * Core does. An action of another kind throws: the harness would not deliver it.
 * Failed invocations are counted (Lambda's async retries and on-failure destinations are not
 * emulated; docs/deploy.md).
 */
export function startIotRules(options: { template: CfnTemplate; resolver: Resolver; broker: Aedes; functionByArn: (arn: string) => HostedFunction | undefined }) {
  const rules: Rule[] = resourcesOf(options.template, 'AWS::IoT::TopicRule')
    .filter(([, r]) => r.Properties.TopicRulePayload?.RuleDisabled !== true)
    .map(([logicalId, { Properties: p }]) => {
      const at = `Resources.${logicalId}.Properties.TopicRulePayload`;
      const payload = p.TopicRulePayload as { Sql: string; AwsIotSqlVersion?: string; Actions: Array<Record<string, unknown>> };
      if (payload.AwsIotSqlVersion !== '2016-03-23') throw new Error(`${at}: SQL version ${payload.AwsIotSqlVersion} is not emulated`);
      const targets = payload.Actions.map((action, i) => {
        const lambda = action.Lambda as { FunctionArn: unknown } | undefined;
        if (!lambda || Object.keys(action).length !== 1) throw new Error(`${at}.Actions.${i}: only Lambda actions are emulated, got ${Object.keys(action)}`);
        const arn = options.resolver.resolve<string>(lambda.FunctionArn, `${at}.Actions.${i}.Lambda.FunctionArn`);
        const fn = options.functionByArn(arn);
        if (!fn) throw new Error(`${at}.Actions.${i}: ${arn} is not a hosted function`);
        return fn;
      });
      return { logicalId, name: String(p.RuleName ?? logicalId), query: parseIotSql(payload.Sql), targets };
    });
  let failures = 0;
  let pending = 0;
  const settled: Array<() => void> = [];

  const onPublish = (packet: { topic: string; payload: Buffer | string }, client: Client | null) => {
    for (const rule of rules) {
      if (!topicMatches(rule.query.topicFilter, packet.topic)) continue;
      const out = rule.query.apply({ topic: packet.topic, clientId: client?.id ?? '', payload: Buffer.from(packet.payload), timestamp: Date.now() });
      if (!out) continue;
      for (const fn of rule.targets) {
        pending++;
        fn.invoke(out)
          .catch(() => failures++)
          .finally(() => {
            pending--;
            if (!pending) settled.splice(0).forEach((resolve) => resolve());
          });
      }
    }
  };
  options.broker.on('publish', onPublish);

  return {
    rules,
    get failures() {
      return failures;
    },
    /** Resolves when every invocation started so far has ended. */
    idle: () => (pending ? new Promise<void>((resolve) => settled.push(resolve)) : Promise.resolve()),
    stop: () => void options.broker.off('publish', onPublish),
  };
}

/**
 * IoT Core's lifecycle events on `$aws/events/presence/{connected|disconnected}/<clientId>`, for
 * every client of the broker, published into the broker so the presence rule sees them as on AWS.
 * `versionNumber` grows per connection of a client id, as IoT Core's does.
 */
export function publishLifecycleEvents(broker: Aedes) {
  const versions = new Map<string, number>();
  const publish = (client: Client, eventType: 'connected' | 'disconnected') => {
    if (eventType === 'connected') versions.set(client.id, (versions.get(client.id) ?? 0) + 1);
    const event = {
      clientId: client.id,
      timestamp: Date.now(),
      eventType,
      sessionIdentifier: `${client.id}-${versions.get(client.id) ?? 0}`,
      principalIdentifier: client.id,
      versionNumber: versions.get(client.id) ?? 0,
      ...(eventType === 'disconnected' ? { clientInitiatedDisconnect: true, disconnectReason: 'CLIENT_INITIATED_DISCONNECT' } : { ipAddress: '127.0.0.1' }),
    };
    broker.publish({ cmd: 'publish', topic: `$aws/events/presence/${eventType}/${client.id}`, payload: Buffer.from(JSON.stringify(event)), qos: 0, retain: false, dup: false }, () => undefined);
  };
  const connected = (client: Client) => publish(client, 'connected');
  const disconnected = (client: Client) => publish(client, 'disconnected');
  broker.on('client', connected);
  broker.on('clientDisconnect', disconnected);
  return () => {
    broker.off('client', connected);
    broker.off('clientDisconnect', disconnected);
  };
}
