import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp, useTestApp } from '../test/helpers.ts';

const INDEX = '<!doctype html><title>Workhub</title><div id="root"></div>';

// The folder must exist before the app is built: the server looks for it at start.
const dist = mkdtempSync(join(tmpdir(), 'workhub-web-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
// What the web build writes beside each text file (apps/web/vite.config.ts), and its manifest.
writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), 'brotli bytes');
writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), 'gzip bytes');
mkdirSync(join(dist, '.vite'));
writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');

const t = useTestApp({ WEB_DIST: dist });
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const get = (url: string, app = t.app) => app.inject({ method: 'GET', url });

describe('the built SPA (WEB_DIST)', () => {
  it.each(['/', '/auth/login', '/auth/verify/ada%40example.com', '/workspace?x=1'])(
    'answers index.html, never cached, for the page %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX);
    },
  );

  it('serves hashed assets cached for good, other files not', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed file the browser accepts, the plain one otherwise', async () => {
    const asset = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.body).toBe('brotli bytes');
    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe('gzip bytes');
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('does not serve the Vite manifest or any dot file: 404, not index.html', async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/', '/.env']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('answers 404 JSON for a missing asset, an unknown API path and a non-GET', async () => {
    for (const response of [
      await get('/assets/missing-000.js'),
      await get('/api/unknown'),
      await t.app.inject({ method: 'POST', url: '/auth/login' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('an unknown API address is the API 404 whatever it holds (a NUL, "..", "//", a 5,000-character part)', async () => {
    for (const url of [
      '/api/unknown%00',
      '/api/%00',
      '/api/a/../b',
      '/api//unknown',
      `/api/${'x'.repeat(5_000)}`,
      '/api/assets/app-abc123.js',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('NOT_FOUND');
    }
  });

  it('answers a page address no file could have with the page, never a 403', async () => {
    for (const url of [
      '/project/a%00b',
      `/project/${'x'.repeat(5_000)}`,
      '/project//edit',
      '/work%01space',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
    for (const url of ['/assets/%00.js', '/a/../.env', `/assets/${'x'.repeat(300)}.js`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('NOT_FOUND');
    }
  });

  it('still routes the API', async () => {
    expect((await get('/api/health')).json()).toEqual({ status: 'ok' });
  });

  it('answers 404 JSON for pages when WEB_DIST does not exist', async () => {
    const apiOnly = await testApp(t.db, { WEB_DIST: join(dist, 'nope') });
    try {
      const response = await get('/auth/login', apiOnly.app);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    } finally {
      await apiOnly.app.close();
    }
  });
});

describe('the HTML for signed-in addresses (app.html, .vite/pages.json)', () => {
  const APP = '<!doctype html><title>Workhub</title><link rel="modulepreload" href="/assets/shell.js">';
  const withPages = mkdtempSync(join(tmpdir(), 'workhub-web-pages-'));
  writeFileSync(join(withPages, 'index.html'), INDEX);
  writeFileSync(join(withPages, 'app.html'), APP);
  const PRICING = '<!doctype html><title>Workhub</title><link rel="modulepreload" href="/assets/pricing.js">';
  writeFileSync(join(withPages, 'public-pricing.html'), PRICING);
  writeFileSync(join(withPages, 'secret.html'), 'not a page');
  mkdirSync(join(withPages, '.vite'));
  // As the web build writes them (apps/web/build/signed-in-html.ts patternSource, publicPages).
  const pages = {
    publicPaths: [
      '^//*$',
      '^/pricing/*$',
      '^/auth/login/*$',
      '^/auth/verify(?:/[^/]+)?/*$',
      '^/auth/register/*$',
      '^/signin/*$',
    ],
    publicHtml: {
      '^/pricing/*$': 'public-pricing.html',
      '^/auth/register/*$': 'public-gone.html',
      '^/signin/*$': '../secret.html',
      '^/nowhere/*$': 'secret.html',
    },
    signedInHtml: 'app.html',
  };
  writeFileSync(join(withPages, '.vite', 'pages.json'), JSON.stringify(pages));
  const p = {} as TestApp;
  beforeAll(async () => {
    Object.assign(p, await testApp(t.db, { WEB_DIST: withPages }));
  });
  afterAll(async () => {
    await p.app?.close();
    rmSync(withPages, { recursive: true, force: true });
  });

  it.each(['/auth/login', '/AUTH/LOGIN/', '/auth/verify', '/auth/verify/ada%40example.com?x=1'])(
    'answers index.html for the public address %s',
    async (url) => {
      const response = await get(url, p.app);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
    },
  );

  it.each(['/pricing', '/PRICING/', '/pricing?plan=2'])(
    "answers the public address %s its page's own HTML, never cached",
    async (url) => {
      const response = await get(url, p.app);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(PRICING);
    },
  );

  it.each(['/auth/register', '/signin'])(
    'answers index.html for the public address %s when its own file is missing or outside the build',
    async (url) => {
      const response = await get(url, p.app);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
    },
  );

  it('never answers a file that only a pattern outside the public list names', async () => {
    expect((await get('/nowhere', p.app)).body).toBe(APP);
  });

  it.each(['/project/list', '/task/123?status=pending', '/auth/login/extra', '/unknown', '/auth/verify/a/b'])(
    'answers app.html, never cached, for the address %s',
    async (url) => {
      const response = await get(url, p.app);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(APP);
    },
  );

  it('an address with a malformed escape is a 400, not a crash', async () => {
    const response = await get('/project/%E0%A4%A', p.app);
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('<title>');
  });

  it.each([
    ['not JSON', '{'],
    ['no list of paths', JSON.stringify({ signedInHtml: 'app.html' })],
    ['a file outside the build', JSON.stringify({ publicPaths: [], signedInHtml: '../secret.html' })],
    ['a file that is not there', JSON.stringify({ publicPaths: [], signedInHtml: 'gone.html' })],
  ])('falls back to index.html everywhere when pages.json has %s', async (_case, body) => {
    const dir = mkdtempSync(join(tmpdir(), 'workhub-web-bad-'));
    try {
      writeFileSync(join(dir, 'index.html'), INDEX);
      writeFileSync(join(dir, 'app.html'), APP);
      mkdirSync(join(dir, '.vite'));
      writeFileSync(join(dir, '.vite', 'pages.json'), body);
      const app = await testApp(t.db, { WEB_DIST: dir });
      try {
        for (const url of ['/project/list', '/auth/login'])
          expect((await get(url, app.app)).body, url).toBe(INDEX);
      } finally {
        await app.app.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
