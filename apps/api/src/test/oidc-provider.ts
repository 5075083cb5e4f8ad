import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** The claims a test account hands out (the provider's `sub` is the account id). */
export type IdpAccount = {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
};

export const IDP_CLIENT = { id: 'workhub-test', secret: 'workhub-test-secret-0123456789' };

export type TestIdp = {
  issuer: string;
  accounts: Map<string, IdpAccount>;
  /** Who the next login at the provider is (the interaction finishes with this account). */
  signInAs: string;
  close(): Promise<void>;
};

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, for the app's callback
 * `redirectUri`. Its login and consent interaction finishes by itself as `signInAs`, so a test
 * drives the whole authorization code flow over HTTP.
 */
export async function startTestIdp(redirectUri: string): Promise<TestIdp> {
  const accounts = new Map<string, IdpAccount>();
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: IDP_CLIENT.id,
        client_secret: IDP_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['test-idp-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // Like Google: the e-mail claims in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    // First-party client: no consent screen, the grant is made at login.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
    },
  });
  const idp: TestIdp = {
    issuer,
    accounts,
    signInAs: '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const callback = provider.callback();
  handler = (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      provider
        .interactionFinished(
          req,
          res,
          { login: { accountId: idp.signInAs } },
          { mergeWithLastSubmission: false },
        )
        .catch(() => {
          res.statusCode = 500;
          res.end();
        });
      return;
    }
    callback(req, res);
  };
  return idp;
}

/** Cookies of one browser for one host: what the provider set, sent back on the next request. */
export class CookieJar {
  #cookies = new Map<string, string>();
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.#cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
}

/**
 * Follows the provider's redirects from the authorization URL, as a browser would, until the
 * provider sends the browser back to `until` (the app's callback); answers that URL.
 */
export async function signInAtIdp(authorizationUrl: string, until: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop++) {
    if (url.href.startsWith(until)) return url;
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response);
    const location = response.headers.get('location');
    if (!location)
      throw new Error(
        `the provider answered ${response.status} at ${url.pathname}: ${await response.text()}`,
      );
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the provider');
}
