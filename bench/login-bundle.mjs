// Measures what a first visit to /auth/login costs: every script the browser loads for it,
// gzip-compressed as a CDN would send it. Budget (design.md): 140 KB of JS.
// Needs the app running: BENCH_URL (default http://127.0.0.1:3000).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const baseUrl = () => process.env.BENCH_URL ?? 'http://127.0.0.1:3000';
const BUDGET_KB = 140;

export async function measureLoginBundle() {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage();
  const scripts = [];
  const styles = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    const entry = { url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length };
    (type === 'script' ? scripts : styles).push(entry);
  });
  await page.goto(`${baseUrl()}/auth/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  await browser.close();
  const sum = (list, key) => list.reduce((total, entry) => total + entry[key], 0);
  return {
    scripts,
    jsGzipKB: sum(scripts, 'gzip') / 1024,
    jsRawKB: sum(scripts, 'raw') / 1024,
    cssGzipKB: sum(styles, 'gzip') / 1024,
    budgetKB: BUDGET_KB,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureLoginBundle();
  for (const script of result.scripts) {
    console.log(`  ${script.url.padEnd(48)} ${(script.gzip / 1024).toFixed(1).padStart(7)} KB gzip`);
  }
  console.log(
    `login route: ${result.jsGzipKB.toFixed(1)} KB JS gzip (${result.jsRawKB.toFixed(1)} KB raw), ` +
      `${result.cssGzipKB.toFixed(1)} KB CSS gzip; budget ${BUDGET_KB} KB`,
  );
  if (result.jsGzipKB > BUDGET_KB) process.exitCode = 1;
}
