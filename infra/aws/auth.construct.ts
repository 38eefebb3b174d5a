import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  UserPool,
  UserPoolClient,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { PortalFunction, grantTableAccess } from './portal-function.construct.ts';

export interface AuthConstructProps {
  readonly table: ITableV2;
}

/** Sign-in: the Cognito user pool, the SPA's client and the trigger that puts memberships into tokens. */
export class AuthConstruct extends Construct {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /** JWT issuer of the pool; the API authorizer and the handlers verify tokens against it. */
  readonly issuerUrl: string;

  constructor(scope: Construct, id: string, props: AuthConstructProps) {
    super(scope, id);

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
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Losing the pool means losing every account: keep it on stack deletion and guard it.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.webClient = this.userPool.addClient('WebClient', {
      // A browser cannot keep a secret.
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
    });

    // The trigger gets no pool id: the pool already depends on the function (circular otherwise).
    const preTokenGeneration = new PortalFunction(this, 'PreTokenGeneration', {
      entry: 'functions/src/identity/pre-token-generation.handler.ts',
      serviceName: 'identity',
      description: 'Cognito pre-token-generation: adds organisations and roles to the token',
    });
    grantTableAccess(preTokenGeneration, props.table, 'read');
    this.userPool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION, preTokenGeneration);

    this.issuerUrl = `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${this.userPool.userPoolId}`;

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is not enforced: the web sign-in (USER_PASSWORD/SRP) has no second-factor step yet and the strong password policy (COG1) applies. Require MFA here once the sign-in UI supports it.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Essentials feature plan covers the needed features (pre-token-generation trigger); the Plus plan (threat protection) is billed per active user and is an operator decision.',
      },
    );
  }
}
