// A real OpenID Connect provider (oidc-provider) on loopback for the end-to-end suite. Its login
// page asks for an e-mail address only: whoever types one signs in as that address, verified, so
// a spec can be a new person or an existing WorkHub user. The app on 3100 is its one client.
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT ?? 3690);
const issuer = `http://127.0.0.1:${port}`;
const client = {
  client_id: process.env.OIDC_CLIENT_ID ?? 'workhub-e2e',
  client_secret: process.env.OIDC_CLIENT_SECRET ?? 'workhub-e2e-secret',
  redirect_uris: [process.env.OIDC_REDIRECT_URI ?? 'http://127.0.0.1:3100/api/auth/oauth/oidc/callback'],
  grant_types: ['authorization_code'],
  response_types: ['code'],
};

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

const { privateKey } = await generateKeyPair('RS256', { extractable: true });
const provider = new Provider(issuer, {
  clients: [client],
  jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' }] },
  cookies: { keys: ['e2e-oidc-cookie-key'] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  // A first-party client: no consent screen.
  loadExistingGrant: async (ctx) => {
    const accountId = ctx.oidc.session?.accountId;
    if (!accountId || !ctx.oidc.client) return undefined;
    const grant = new ctx.oidc.provider.Grant({ accountId, clientId: ctx.oidc.client.clientId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
  findAccount: (_ctx, sub) => ({
    accountId: sub,
    claims: () => ({ sub, email: sub, email_verified: true, given_name: 'Sso', family_name: 'Person' }),
  }),
});

const loginPage = (uid) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><h1>Test identity provider</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label>E-mail address <input type="email" name="email" required autofocus></label>
<button type="submit">Sign in at provider</button>
</form></body></html>`;

const readForm = (req) =>
  new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });

const callback = provider.callback();
createServer(async (req, res) => {
  if (!req.url?.startsWith('/interaction/')) return callback(req, res);
  try {
    const { uid } = await provider.interactionDetails(req, res);
    if (req.method === 'POST') {
      const email = (await readForm(req)).get('email')?.trim().toLowerCase();
      if (email) {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: email } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(loginPage(uid));
  } catch (err) {
    res.writeHead(400, { 'content-type': 'text/plain' });
    res.end(String(err));
  }
}).listen(port, '127.0.0.1', () => {
  console.log(`test OIDC provider at ${issuer}`);
});
