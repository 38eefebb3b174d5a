import { mixed, object, string, type InferType } from 'yup';
import { DEFAULT_DEVICE_TYPE, DEVICE_PROTOCOLS, DEVICE_TYPES } from '../constants.ts';
import { id, PAGE_TOKEN_MAX, text } from '../validation/fields.ts';
import { serverMessages } from '../api/server-messages.ts';

export type DeviceType = (typeof DEVICE_TYPES)[number];
export type DeviceProtocol = (typeof DEVICE_PROTOCOLS)[number];

export const DEFAULT_DEVICE_PROTOCOL: DeviceProtocol = 'MQTT';
export const SERIAL_NUMBER_MAX = 128;
export const DEVICE_NAME_MAX = 100;

/** A cleared select or text field arrives as ''; treat it as absent so `required` speaks. */
const emptyToNull = (value: unknown) => (value === '' ? null : value);

/**
 * Device form and API body, create and update alike (spec 001 §3, §5). `device_id` is the serial
 * number; `user_id` is the user whose inbox the device serves (none: it only gets its config).
 */
export const deviceSchema = object({
  device_id: string().trim().required('Serial number is required').max(SERIAL_NUMBER_MAX, `Serial number must be at most ${SERIAL_NUMBER_MAX} characters`),
  type: mixed<DeviceType>()
    .transform(emptyToNull)
    .required('Device type is required')
    .oneOf([...DEVICE_TYPES], 'Device type must be android, android_tablet or wear_os')
    .default(DEFAULT_DEVICE_TYPE),
  name: string().trim().max(DEVICE_NAME_MAX, `Name must be at most ${DEVICE_NAME_MAX} characters`).default(''),
  protocol: mixed<DeviceProtocol>()
    .transform((value: unknown) => (value === '' || value === null ? undefined : value))
    .oneOf([...DEVICE_PROTOCOLS], 'Protocol must be MQTT or AMQP')
    .default(DEFAULT_DEVICE_PROTOCOL),
  user_id: id('User id').trim().transform(emptyToNull).nullable().default(null),
});
export type DeviceInput = InferType<typeof deviceSchema>;

export const devicePathSchema = object({
  orgId: id('Organization id').required('Organization id is required'),
  deviceId: id('Device id').required('Device id is required'),
});

export const listDevicesQuerySchema = object({
  next_token: text(PAGE_TOKEN_MAX, 'next_token').optional(),
  limit: string().max(3, 'limit must be a number').matches(/^\d+$/, 'limit must be a number').optional(),
});

export interface DeviceDto {
  id: string;
  name: string;
  /** Serial number. */
  device_id: string;
  type: DeviceType;
  protocol: DeviceProtocol;
  /** The spec's "IoT hub id": the MQTT client id the device must connect with. */
  iot_id: string;
  user_id: string | null;
  created_at: string;
  updated_at: string;
  credentials_issued_at: string;
}

/** A row of the devices list: the device and whether it is connected to the broker (docs/device-protocol.md §8). */
export interface DeviceListItem extends DeviceDto {
  online: boolean;
  /** The device's latest connect or disconnect (ISO-8601 UTC); null when it never connected. */
  last_seen_at: string | null;
}

export interface DevicePage {
  items: DeviceListItem[];
  next_token?: string;
}

/** What a device needs to connect; the token is shown once (only its SHA-256 is stored). */
export interface DeviceCredentials {
  /** MQTT client id: the device's iot id. */
  client_id: string;
  /** MQTT username: the device's id. */
  username: string;
  /** MQTT password. */
  token: string;
  mqtt: {
    topics: {
      /** The served user's inbox, or null while the device serves no user. */
      inbox: string | null;
      config: string;
      events: string;
    };
  };
}

/** Answer of registering a device and of issuing new credentials. */
export interface RegisteredDevice {
  device: DeviceDto;
  credentials: DeviceCredentials;
}

export const DEVICE_MESSAGES = serverMessages('devices', {
  notFound: 'Device not found',
  serialTaken: 'A device with this serial number already exists',
  userNotFound: 'User not found',
  changedMeanwhile: 'The device was changed at the same time. Reload and try again.',
} as const);
