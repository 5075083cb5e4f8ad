import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openTestDb, testApp, testConfig, useTestApp } from '../../test/helpers.ts';

const t = useTestApp();

describe('GET /api/health', () => {
  it('answers ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/ready', () => {
  it('answers ready while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 once the database is gone, while health still answers ok', async () => {
    const own = await openTestDb({ own: true });
    const broken = await testApp(own);
    await own.close();
    try {
      const ready = await broken.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      const health = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await broken.app.close();
    }
  });
});

describe('the HTTP envelope', () => {
  it('answers an unknown API route 404 with the error envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });

  it('sends the security headers, with a CSP that allows the SPA and inline styles', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document and its UI at /api/docs', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths);
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/plans',
      '/api/account/subscription',
      '/api/auth/workspace-session',
      '/api/workspaces/{id}/logo',
      '/api/team/invitations',
      '/api/invitations/{token}/accept',
      '/api/dashboard',
      '/api/projects/{id}/status',
      '/api/projects/{projectId}/milestones',
      '/api/milestones/{id}',
      '/api/tasks/{id}/status',
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths).not.toContain('/dev-mailbox');
    expect(paths.filter((path) => path.startsWith('/uploads'))).toEqual([]);
  });
});

describe('buildApp without a database', () => {
  it('opens and migrates its own: DATABASE_URL, else PGlite on disk in DATA_DIR/db', async () => {
    const info = inject('testDb');
    const dataDir = mkdtempSync(join(tmpdir(), 'workhub-own-db-'));
    const env = info.kind === 'postgres' ? { DATABASE_URL: info.url } : { DATA_DIR: dataDir };
    const app = await buildApp(testConfig(env));
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/plans' })).statusCode).toBe(200);
      if (info.kind === 'pglite') expect(existsSync(join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
