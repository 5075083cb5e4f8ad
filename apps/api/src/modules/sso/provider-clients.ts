import type { IdentityProvider } from '@workhub/shared/enums';
import type { Config } from '../../config.ts';
import { createGithubClient } from './github.client.ts';
import { createOidcClient } from './oidc.client.ts';
import type { ProviderClient } from './sso-clients.ts';

export const callbackUrl = (publicUrl: string, provider: IdentityProvider) =>
  `${publicUrl}/api/auth/oauth/${provider}/callback`;

/** A client per configured provider; an unconfigured one is absent (its routes answer 404). */
export function createProviderClients(config: Config): Partial<Record<IdentityProvider, ProviderClient>> {
  const { github, oidc } = config.sso;
  return {
    ...(github ? { github: createGithubClient(github, callbackUrl(config.publicUrl, 'github')) } : {}),
    ...(oidc ? { oidc: createOidcClient(oidc, callbackUrl(config.publicUrl, 'oidc')) } : {}),
  };
}
