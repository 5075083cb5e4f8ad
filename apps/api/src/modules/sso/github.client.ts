import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import { z } from 'zod';
import type { GithubSso } from '../../config.ts';
import { type ProviderClient, ProviderError, splitName } from './sso-clients.ts';

const githubUser = z.object({ id: z.number().int(), name: z.string().nullish(), login: z.string() });
const githubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

/**
 * GitHub sign-in through arctic's OAuth 2 client (authorization code with PKCE and state). GitHub
 * has no ID token: the person is GET /user and the address is the primary one of GET /user/emails,
 * verified or not (an unverified one is refused later).
 */
export function createGithubClient(config: GithubSso, redirectUri: string): ProviderClient {
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);

  async function api<T>(path: string, accessToken: string, schema: z.ZodType<T>): Promise<T> {
    const response = await fetch(`${config.apiUrl}${path}`, {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${accessToken}`,
        'user-agent': 'WorkHub',
        'x-github-api-version': '2022-11-28',
      },
    });
    if (!response.ok) throw new ProviderError(`GitHub ${path} answered ${response.status}`);
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success) throw new ProviderError(`GitHub ${path} answered an unexpected body`);
    return parsed.data;
  }

  return {
    async start() {
      const checks = { state: generateState(), codeVerifier: generateCodeVerifier(), nonce: undefined };
      const url = client.createAuthorizationURLWithPKCE(
        `${config.oauthUrl}/login/oauth/authorize`,
        checks.state,
        CodeChallengeMethod.S256,
        checks.codeVerifier,
        ['read:user', 'user:email'],
      );
      return { url, checks };
    },

    async finish(callbackUrl, checks) {
      const code = callbackUrl.searchParams.get('code');
      if (!code || callbackUrl.searchParams.get('state') !== checks.state) {
        throw new ProviderError('state or code missing or different');
      }
      const tokens = await client.validateAuthorizationCode(
        `${config.oauthUrl}/login/oauth/access_token`,
        code,
        checks.codeVerifier,
      );
      const accessToken = tokens.accessToken();
      const [user, emails] = await Promise.all([
        api('/user', accessToken, githubUser),
        api('/user/emails', accessToken, githubEmails),
      ]);
      const primary = emails.find((e) => e.primary);
      if (!primary) throw new ProviderError('no primary e-mail');
      const email = primary.email.trim().toLowerCase();
      return {
        provider: 'github',
        subject: String(user.id),
        email,
        emailVerified: primary.verified,
        ...splitName(user.name ?? user.login, email),
      };
    },
  };
}
