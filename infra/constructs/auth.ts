/**
 * Who may call the API: a Cognito user pool whose groups are the roles (viewer, operator, manager) and
 * an app client for the back-office UI. Or an existing pool named by context, which must carry the same
 * groups (they are not created in a pool this stack does not own).
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  FeaturePlan,
  Mfa,
  OAuthScope,
  UserPool,
  UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { roles } from '../../shared/http/permissions';

export interface ExistingUserPool {
  userPoolId: string;
  /** When absent, the stack adds an app client to the existing pool. */
  userPoolClientId?: string;
}

export interface CommerceAuthProps {
  existing?: ExistingUserPool;
  /** Where the authorization code flow may return (the UI origins). */
  callbackUrls: string[];
}

const roleDescriptions: Record<(typeof roles)[number], string> = {
  viewer: 'Reads everything',
  operator: 'Reads and makes day-to-day changes',
  manager: 'Everything, including settings, deletes, payments and refunds',
};

export class CommerceAuth extends Construct {
  readonly userPool: IUserPool;
  readonly client: IUserPoolClient;

  constructor(scope: Construct, id: string, props: CommerceAuthProps) {
    super(scope, id);
    this.userPool = props.existing
      ? UserPool.fromUserPoolId(this, 'UserPool', props.existing.userPoolId)
      : this.createUserPool();
    this.client = props.existing?.userPoolClientId
      ? UserPoolClient.fromUserPoolClientId(this, 'Client', props.existing.userPoolClientId)
      : this.createClient(props.callbackUrls);
  }

  private createUserPool(): UserPool {
    const pool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      autoVerify: { email: true },
      // Staff accounts are created by an administrator, never by sign-up.
      selfSignUpEnabled: false,
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      // Staff can move money (payments, refunds): a second factor is required, by authenticator app.
      mfa: Mfa.REQUIRED,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      featurePlan: FeaturePlan.ESSENTIALS,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(pool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason:
        'Essentials plan: staff accounts are admin-created with required MFA; Plus threat protection is priced per user and not needed yet.',
    });
    roles.forEach((role, rank) => {
      new CfnUserPoolGroup(this, `Group-${role}`, {
        userPoolId: pool.userPoolId,
        groupName: role,
        description: roleDescriptions[role],
        // Lower precedence wins in Cognito: the strongest role comes first.
        precedence: roles.length - rank,
      });
    });
    return pool;
  }

  private createClient(callbackUrls: string[]): UserPoolClient {
    return new UserPoolClient(this, 'Client', {
      userPool: this.userPool,
      // A browser app cannot keep a secret.
      generateSecret: false,
      authFlows: { userSrp: true },
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        callbackUrls: callbackUrls.length > 0 ? callbackUrls : ['http://localhost:5173/'],
        logoutUrls: callbackUrls.length > 0 ? callbackUrls : ['http://localhost:5173/'],
      },
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(1),
    });
  }
}
