import { describe, expect, it } from 'vitest';
import { deviceSchema, type DeviceDto } from '@portal/shared/devices/device.schema';
import { deviceLabel, isTablet, toDeviceBody, toDeviceFormValues } from './device-form-model.ts';

const device: DeviceDto = {
  id: 'd1',
  name: 'Front desk',
  device_id: 'SN-1',
  type: 'android_tablet',
  protocol: 'AMQP',
  iot_id: 'd01abc',
  user_id: 'u1',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  credentials_issued_at: '2025-01-01T00:00:00Z',
};

describe('device form', () => {
  it('registers a Wear OS watch over MQTT by default, serving nobody', () => {
    expect(toDeviceFormValues()).toEqual({ name: '', device_id: '', type: 'wear_os', protocol: 'MQTT', user_id: '' });
    expect(toDeviceBody({ ...toDeviceFormValues(), device_id: ' W-1 ' })).toEqual({ name: '', device_id: 'W-1', type: 'wear_os', protocol: 'MQTT', user_id: null });
  });

  it('sends the whole device on edit, keeping the stored protocol when it is not shown', () => {
    expect(toDeviceBody(toDeviceFormValues(device))).toEqual({ name: 'Front desk', device_id: 'SN-1', type: 'android_tablet', protocol: 'AMQP', user_id: 'u1' });
  });

  it('requires the serial number with the spec’s message', async () => {
    await expect(deviceSchema.validate({ ...toDeviceFormValues(), device_id: undefined })).rejects.toMatchObject({ message: 'Serial number is required' });
    await expect(deviceSchema.validate({ ...toDeviceFormValues(), device_id: 'x', type: null })).rejects.toMatchObject({ message: 'Device type is required' });
  });

  it('names devices by name, else serial; knows tablets', () => {
    expect(deviceLabel(device)).toBe('Front desk');
    expect(deviceLabel({ name: ' ', device_id: 'SN-2' })).toBe('SN-2');
    expect(isTablet(device)).toBe(true);
    expect(isTablet({ type: 'wear_os' })).toBe(false);
  });
});
