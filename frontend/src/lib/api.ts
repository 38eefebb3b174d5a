import { createApiClient } from './api-client.ts';
import { getConfig } from './config.ts';
import { getIdToken, signOutUser } from './auth.ts';

/** The app's API client: config base URL, ID token, and sign-out (hence /signin) on 401. */
export const api = createApiClient({
  baseUrl: () => getConfig().apiBaseUrl,
  getToken: getIdToken,
  onUnauthorized: signOutUser,
});
