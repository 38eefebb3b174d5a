import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { deviceSchema } from './device.schema.ts';

const errorsOf = async (value: unknown) => {
  try {
    await deviceSchema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    return Object.fromEntries((error as ValidationError).inner.map((e) => [e.path, e.message]));
  }
};

describe('device schema', () => {
  it("answers the spec's messages for a missing serial number and a cleared type", async () => {
    expect(await errorsOf({})).toEqual({ device_id: 'Serial number is required' });
    expect(await errorsOf({ device_id: '   ', type: '' })).toEqual({ device_id: 'Serial number is required', type: 'Device type is required' });
    expect(await errorsOf({ device_id: 'SN-1', type: null })).toEqual({ type: 'Device type is required' });
  });

  it('defaults to a wear_os watch over MQTT serving nobody, and trims the serial', () => {
    expect(deviceSchema.cast({ device_id: ' SN-1 ' })).toEqual({ device_id: 'SN-1', type: 'wear_os', name: '', protocol: 'MQTT', user_id: null });
  });

  it('accepts only the three device types and two protocols', async () => {
    expect(await errorsOf({ device_id: 'SN-1', type: 'phone', protocol: 'HTTP' })).toEqual({
      type: 'Device type must be android, android_tablet or wear_os',
      protocol: 'Protocol must be MQTT or AMQP',
    });
    for (const type of ['android', 'android_tablet', 'wear_os']) expect(await errorsOf({ device_id: 'SN-1', type, protocol: 'AMQP' })).toEqual({});
  });

  it('treats an empty user as none', () => {
    expect(deviceSchema.cast({ device_id: 'SN-1', user_id: '' }).user_id).toBeNull();
  });
});
