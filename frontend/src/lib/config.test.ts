import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './config.ts';

const valid = {
  apiBaseUrl: '/api',
  region: 'eu-central-1',
  userPoolId: 'local_abc',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://localhost:9229',
  mqttUrl: 'ws://localhost:8883',
  mqttTopicRoot: 'staging/v1',
};

describe('parseRuntimeConfig', () => {
  it('accepts the served shape', () => {
    expect(parseRuntimeConfig(valid)).toEqual(valid);
  });

  it('drops an empty endpoint override and tolerates a missing mqttUrl', () => {
    const { mqttUrl: _, ...rest } = valid;
    const config = parseRuntimeConfig({ ...rest, userPoolEndpoint: '' });
    expect(config.userPoolEndpoint).toBeUndefined();
    expect('userPoolEndpoint' in config).toBe(false);
    expect(config.mqttUrl).toBe('');
  });

  it('names the missing field', () => {
    expect(() => parseRuntimeConfig({ ...valid, userPoolId: undefined })).toThrow(/userPoolId/);
    expect(() => parseRuntimeConfig([])).toThrow(/not an object/);
    expect(() => parseRuntimeConfig(null)).toThrow(/not an object/);
  });
});
