import { newId } from '../platform/db/ids.ts';

/**
 * The device's MQTT client id (the spec's "IoT hub id"): `d` and a lower-case ULID. Alphanumeric
 * only: IoT Core takes it as the custom authorizer's principal id, which must match [a-zA-Z0-9]{1,128}.
 */
export const newIotId = () => `d${newId().toLowerCase()}`;
