import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { PASSWORD, registration, uniqueEmail, useTestApp } from '../test/helpers.ts';
import { invite } from '../test/invitations.ts';
import { describePublicMatrix, type MatrixRequest } from '../test/matrix.ts';
import { newTenant } from '../test/tenants.ts';

/*
 * The public routes (PUBLIC_ROUTES in test/matrix.ts), called with no token and no cookie: each
 * answers, and with the status it should: no cookie is no session (session answers 200 with no
 * data, refresh a 401), the docs' index page sends the browser on to its static folder. The SSO
 * callback needs a provider's round trip: sso.test.ts covers it.
 */
const MATRIX = `
  endpoint                                            | anonymous
  GET    /api/health                                  | 200
  GET    /api/ready                                   | 200
  GET    /api/docs                                    | 200
  GET    /api/docs/json                               | 200
  GET    /api/docs/yaml                               | 200
  GET    /api/docs/static/index.html                  | 302
  GET    /api/docs/static/swagger-initializer.js      | 200
  GET    /api/docs/static/*                           | 200
  GET    /api/plans                                   | 200
  POST   /api/auth/register                           | 201
  POST   /api/auth/verify-email                       | 400
  POST   /api/auth/resend-code                        | 200
  POST   /api/auth/login                              | 401
  POST   /api/auth/forgot-password                    | 200
  POST   /api/auth/new-password                       | 400
  POST   /api/auth/refresh                            | 401
  POST   /api/auth/session                            | 200
  POST   /api/auth/logout                             | 204
  GET    /api/auth/providers                          | 200
  GET    /api/auth/oauth/:provider/start              | 404
  GET    /api/invitations/:token                      | 404
  POST   /api/invitations/:token/accept (new address) | 200
  GET    /dev-mailbox                                 | 200
  GET    /uploads/*                                   | 404
  GET    /*                                           | 200
`;

// A built web app, so that the SPA answers its pages.
const webDist = mkdtempSync(join(tmpdir(), 'workhub-public-matrix-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Workhub</title>');
const t = useTestApp({ WEB_DIST: webDist });

const REQUESTS: Record<string, () => Promise<MatrixRequest>> = {
  'GET /api/health': async () => ({ url: '/api/health' }),
  'GET /api/ready': async () => ({ url: '/api/ready' }),
  'GET /api/docs': async () => ({ url: '/api/docs' }),
  'GET /api/docs/json': async () => ({ url: '/api/docs/json' }),
  'GET /api/docs/yaml': async () => ({ url: '/api/docs/yaml' }),
  'GET /api/docs/static/index.html': async () => ({ url: '/api/docs/static/index.html' }),
  'GET /api/docs/static/swagger-initializer.js': async () => ({
    url: '/api/docs/static/swagger-initializer.js',
  }),
  'GET /api/docs/static/*': async () => ({ url: '/api/docs/static/swagger-ui.css' }),
  'GET /api/plans': async () => ({ url: '/api/plans' }),
  'POST /api/auth/register': async () => ({
    url: '/api/auth/register',
    payload: registration(uniqueEmail('public')),
  }),
  'POST /api/auth/verify-email': async () => ({
    url: '/api/auth/verify-email',
    payload: { email: uniqueEmail('public'), code: '000000' },
  }),
  'POST /api/auth/resend-code': async () => ({
    url: '/api/auth/resend-code',
    payload: { email: uniqueEmail('public') },
  }),
  'POST /api/auth/login': async () => ({
    url: '/api/auth/login',
    payload: { email: uniqueEmail('public'), password: PASSWORD },
  }),
  'POST /api/auth/forgot-password': async () => ({
    url: '/api/auth/forgot-password',
    payload: { email: uniqueEmail('public') },
  }),
  'POST /api/auth/new-password': async () => ({
    url: '/api/auth/new-password',
    payload: { email: uniqueEmail('public'), code: '000000', password: PASSWORD, confirm_password: PASSWORD },
  }),
  'POST /api/auth/refresh': async () => ({ url: '/api/auth/refresh' }),
  'POST /api/auth/session': async () => ({ url: '/api/auth/session' }),
  'POST /api/auth/logout': async () => ({ url: '/api/auth/logout' }),
  'GET /api/auth/providers': async () => ({ url: '/api/auth/providers' }),
  'GET /api/auth/oauth/:provider/start': async () => ({ url: '/api/auth/oauth/github/start' }),
  'GET /api/invitations/:token': async () => ({ url: `/api/invitations/${randomUUID()}` }),
  'POST /api/invitations/:token/accept (new address)': async () => ({
    url: `/api/invitations/${(await invite(t, (await newTenant(t)).owner.token)).token}/accept`,
    payload: { first_name: 'Ivy', last_name: 'Vite', password: PASSWORD, confirm_password: PASSWORD },
  }),
  'GET /dev-mailbox': async () => ({ url: '/dev-mailbox' }),
  'GET /uploads/*': async () => ({ url: `/uploads/${randomUUID()}.png` }),
  'GET /*': async () => ({ url: '/login' }),
};

describe('the public routes, called anonymously', () => {
  describePublicMatrix(t, MATRIX, REQUESTS);
});
