import * as oidc from 'openid-client';
import type { OidcSso } from '../../config.ts';
import { type ProviderClient, ProviderError, splitName } from './sso-clients.ts';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Plain http is allowed only for an issuer on this machine (tests and local development). */
export const isLoopbackIssuer = (issuer: string): boolean => {
  const url = new URL(issuer);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
};

/**
 * Any OpenID Connect provider through openid-client: discovery (once, retried after a failure),
 * authorization code with PKCE, state and nonce; the e-mail comes from the ID token's claims.
 */
export function createOidcClient(config: OidcSso, redirectUri: string): ProviderClient {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(config.issuer),
        config.clientId,
        undefined,
        oidc.ClientSecretBasic(config.clientSecret),
        isLoopbackIssuer(config.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  };

  return {
    async start() {
      const checks = {
        state: oidc.randomState(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        nonce: oidc.randomNonce(),
      };
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      });
      return { url, checks };
    },

    async finish(callbackUrl, checks) {
      const tokens = await oidc.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new ProviderError('no ID token claims');
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      if (!email) throw new ProviderError('no email claim');
      const given = typeof claims.given_name === 'string' ? claims.given_name.trim() : '';
      const family = typeof claims.family_name === 'string' ? claims.family_name.trim() : '';
      const names = given
        ? { firstName: given.slice(0, 100), lastName: family.slice(0, 100) }
        : splitName(typeof claims.name === 'string' ? claims.name : undefined, email);
      return {
        provider: 'oidc',
        subject: `${claims.iss}#${claims.sub}`,
        email,
        emailVerified: claims.email_verified === true,
        ...names,
      };
    },
  };
}
