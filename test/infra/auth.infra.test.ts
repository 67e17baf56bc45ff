import { beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../shared/http/permissions';
import type { Synthesized } from './synth';
import { resourcesOf, synthesize } from './synth';

describe('Cognito', () => {
  describe('a pool created by the stack', () => {
    let synth: Synthesized;
    beforeAll(() => {
      synth = synthesize();
    });

    it('signs staff in by email, with a strong password and MFA, and no self sign-up', () => {
      synth.template.hasResourceProperties('AWS::Cognito::UserPool', {
        UsernameAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        MfaConfiguration: 'ON',
        Policies: {
          PasswordPolicy: {
            MinimumLength: 12,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          },
        },
      });
    });

    it('has one group per role', () => {
      const groups = Object.values(resourcesOf(synth.template, 'AWS::Cognito::UserPoolGroup'));
      expect(groups.map(({ Properties }) => Properties!.GroupName).sort()).toEqual([...roles].sort());
    });

    it('has a public app client for the UI: no secret, SRP and authorization code', () => {
      synth.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        AllowedOAuthFlows: ['code'],
        PreventUserExistenceErrors: 'ENABLED',
      });
    });
  });

  describe('an existing pool named by context', () => {
    it('creates no pool and no groups, and trusts the given client', () => {
      const synth = synthesize({
        existingUserPool: { userPoolId: 'eu-west-1_Existing', userPoolClientId: 'client123' },
      });
      synth.template.resourceCountIs('AWS::Cognito::UserPool', 0);
      synth.template.resourceCountIs('AWS::Cognito::UserPoolGroup', 0);
      synth.template.resourceCountIs('AWS::Cognito::UserPoolClient', 0);
      const [authorizer] = Object.values(resourcesOf(synth.template, 'AWS::ApiGatewayV2::Authorizer'));
      expect(authorizer!.Properties!.JwtConfiguration).toEqual({
        Audience: ['client123'],
        Issuer: {
          'Fn::Join': [
            '',
            ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/eu-west-1_Existing'],
          ],
        },
      });
    });

    it('adds an app client to it when none is given', () => {
      const synth = synthesize({ existingUserPool: { userPoolId: 'eu-west-1_Existing' } });
      synth.template.resourceCountIs('AWS::Cognito::UserPool', 0);
      synth.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        UserPoolId: 'eu-west-1_Existing',
      });
    });
  });
});
