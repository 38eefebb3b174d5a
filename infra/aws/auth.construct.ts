import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  Mfa,
  UserPool,
  UserPoolClient,
  UserPoolEmail,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { PortalFunction } from './portal-function.construct.ts';
import { grantTableAccess } from './table-access.ts';

/**
 * Context of the pool's email sender (`npx cdk deploy -c sesFromAddress=no-reply@example.org`): an
 * address SES may send from in the stack's region, verified as an address identity or through its
 * domain (`-c sesVerifiedDomain=example.org`). Without it the pool sends with Cognito's own sender,
 * which AWS limits to a few dozen emails a day: enough to try the portal, not for production.
 */
export const SES_FROM_ADDRESS_CONTEXT = 'sesFromAddress';
export const SES_VERIFIED_DOMAIN_CONTEXT = 'sesVerifiedDomain';

/** Lifetimes of the web client's tokens: short-lived ID and access tokens, a month of sessions. */
export const TOKEN_VALIDITY = {
  idToken: Duration.hours(1),
  accessToken: Duration.hours(1),
  refreshToken: Duration.days(30),
} as const;

/** Cognito gives a trigger 5 s; the function gives up with it instead of running on unseen. */
const TRIGGER_TIMEOUT = Duration.seconds(5);

export interface AuthConstructProps {
  readonly table: ITableV2;
}

/** Sign-in: the Cognito user pool, the SPA's client and the trigger that puts memberships into tokens. */
export class AuthConstruct extends Construct {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /** JWT issuer of the pool; the API authorizer and the handlers verify tokens against it. */
  readonly issuerUrl: string;
  /** The pre-token-generation trigger. */
  readonly preTokenGeneration: PortalFunction;

  constructor(scope: Construct, id: string, props: AuthConstructProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.userPool = new UserPool(this, 'UserPool', {
      // Organisations invite their staff; nobody signs up on their own.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      passwordPolicy: {
        minLength: 8,
        requireUppercase: true,
        requireLowercase: true,
        requireDigits: true,
        requireSymbols: true,
      },
      // A user may add an authenticator app (TOTP); SMS is off (cost, SIM swapping).
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      email: poolEmail(this),
      // Losing the pool means losing every account: keep it on stack deletion and guard it.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.webClient = this.userPool.addClient('WebClient', {
      // A browser cannot keep a secret.
      generateSecret: false,
      // Exactly what the SPA uses: Amplify signIn with authFlowType USER_PASSWORD_AUTH
      // (frontend/src/lib/auth.ts; cognito-local has no SRP), and refresh tokens (always allowed).
      // The API's password check (cognito-admin.ts verifyPassword) uses the same flow.
      authFlows: { userPassword: true },
      // No hosted UI, no redirects: the SPA signs in through the API calls above only.
      disableOAuth: true,
      idTokenValidity: TOKEN_VALIDITY.idToken,
      accessTokenValidity: TOKEN_VALIDITY.accessToken,
      refreshTokenValidity: TOKEN_VALIDITY.refreshToken,
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
    });

    // The trigger gets no pool id: the pool already depends on the function (circular otherwise).
    const preTokenGeneration = (this.preTokenGeneration = new PortalFunction(this, 'PreTokenGeneration', {
      entry: 'functions/src/identity/pre-token-generation.handler.ts',
      serviceName: 'identity',
      description: 'Cognito pre-token-generation: adds organisations and roles to the token',
      timeout: TRIGGER_TIMEOUT,
    }));
    grantTableAccess(preTokenGeneration, props.table, 'preTokenGeneration');
    this.userPool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION, preTokenGeneration);

    this.issuerUrl = `https://cognito-idp.${stack.region}.amazonaws.com/${this.userPool.userPoolId}`;

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is optional (TOTP, no SMS), not required: the SPA has no enrolment or second-factor step yet, so requiring it would lock everyone out; the strong password policy (COG1) applies. Switch to Mfa.REQUIRED once the sign-in UI handles TOTP.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Essentials feature plan covers the needed features (pre-token-generation trigger); the Plus plan (threat protection) is billed per active user and is an operator decision.',
      },
    );
  }
}

/** SES when the operator names a sender (context), Cognito's own sender otherwise. */
function poolEmail(scope: Construct): UserPoolEmail {
  const fromEmail = stringContext(scope, SES_FROM_ADDRESS_CONTEXT);
  const sesVerifiedDomain = stringContext(scope, SES_VERIFIED_DOMAIN_CONTEXT);
  if (!fromEmail) {
    if (sesVerifiedDomain) throw new Error(`Context '${SES_VERIFIED_DOMAIN_CONTEXT}' needs '${SES_FROM_ADDRESS_CONTEXT}' too`);
    return UserPoolEmail.withCognito();
  }
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(fromEmail)) throw new Error(`Context '${SES_FROM_ADDRESS_CONTEXT}' is no email address: '${fromEmail}'`);
  // SES in the pool's own region (an environment-agnostic stack's region is a token).
  return UserPoolEmail.withSES({ fromEmail, sesVerifiedDomain, sesRegion: Stack.of(scope).region });
}

function stringContext(scope: Construct, key: string): string | undefined {
  const value: unknown = scope.node.tryGetContext(key);
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context '${key}' must be a string`);
  return value;
}
