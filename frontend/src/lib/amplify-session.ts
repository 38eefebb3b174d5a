import { Amplify } from 'aws-amplify';
import { fetchAuthSession } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { RuntimeConfig } from '@portal/shared/api/runtime-config';

/**
 * Amplify Auth's session side (configuration, stored tokens, refresh, auth events), loaded by
 * lib/auth.ts when the portal first needs a token: a visitor with no stored session reaches the
 * sign-in form without it (issue 12).
 */
export function configureSession(config: RuntimeConfig, onSignedIn: () => void, onSignedOut: () => void): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        // cognito-local locally; absent on AWS, where Amplify derives the endpoint from the pool id.
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
      },
    },
  });
  Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signedIn') onSignedIn();
    if (payload.event === 'signedOut' || payload.event === 'tokenRefresh_failure') onSignedOut();
  });
}

export { fetchAuthSession };
