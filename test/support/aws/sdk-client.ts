import { REGION } from './aws-identity.ts';

/** What a test passes an SDK v3 client: the emulator's endpoint and a caller's own access key. */
export const clientConfig = (endpoint: string, accessKeyId = 'AKIDTEST') => ({
  endpoint,
  region: REGION,
  credentials: { accessKeyId, secretAccessKey: 'emulated' },
  // A refused call should fail the test at once, not after the SDK's retries.
  maxAttempts: 1,
});
