import { expect, test } from '@playwright/test';
import { COMPILE_HINT as HINT, scriptsOfHtml } from '../apps/web/build/compile-hints.ts';
import { APP_URL } from '../playwright.config.ts';

// The scripts a first load starts with carry V8's compile hint on their first line
// (apps/web/build/compile-hints.ts): the browser compiles their functions in the background while
// they stream in. Checked as the server sends them, in each encoding it keeps a file in: the
// precompressed copies are made from the hinted files.

type Encoding = 'br' | 'gzip' | 'identity';

/** The script's first line as sent when `encoding` is asked for, and the encoding it came in. */
const firstLine = async (path: string, encoding: Encoding): Promise<{ line: string; sent: string }> => {
  const response = await fetch(`${APP_URL}${path}`, { headers: { 'accept-encoding': encoding } });
  expect(response.status, path).toBe(200);
  // fetch decodes the body from the encoding the server names.
  const line = (await response.text()).slice(0, HINT.length);
  return { line, sent: response.headers.get('content-encoding') ?? 'identity' };
};

test("the scripts of a first load, signed in or not, carry V8's compile hint in every encoding", async () => {
  const pages = ['/auth/login', '/project/list'];
  const scripts = new Set<string>();
  for (const page of pages) {
    const html = await (await fetch(`${APP_URL}${page}`)).text();
    const found = scriptsOfHtml(html).map((script) => `/${script}`);
    expect(found.length, page).toBeGreaterThan(0);
    for (const script of found) scripts.add(script);
  }
  // The signed-in page preloads the shell and the route table beside the entry.
  expect([...scripts].some((s) => s.includes('signed-in-shell'))).toBe(true);
  const precompressed = new Set<string>();
  for (const script of scripts) {
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const { line, sent } = await firstLine(script, encoding);
      expect(line, `${script} (${encoding})`).toBe(HINT);
      // A file under 1 KB is kept plain only.
      if (sent !== 'identity') precompressed.add(`${script.includes('/index-') ? 'entry' : 'other'} ${sent}`);
    }
  }
  expect(precompressed).toContain('entry br');
  expect(precompressed).toContain('entry gzip');
});
