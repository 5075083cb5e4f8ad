// Lighthouse (performance and accessibility, its default mobile profile with simulated throttling)
// on /auth/login, /pricing and a signed-in /project/list, driving Debian's Chromium offline. The
// public pages are first visits (an empty cache). The signed-in page is reached by signing in
// through the real form first (Playwright over CDP on the same browser), so Lighthouse loads it
// with the session cookie and the cache as a returning user would.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BENCH_PASSWORD } from './seed-sql.mjs';
import { waitForQuietCpu } from './steal.mjs';

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

/**
 * One Lighthouse run of `url`. A public page is loaded as a first visit: Lighthouse clears the
 * browser's cache and the origin's storage first (its default), so /pricing does not load the
 * scripts /auth/login's run left in the cache. The signed-in page keeps them (`keepStorage`): its
 * session cookie, and the shell its user came in through.
 */
async function auditOnce(url, port, keepStorage) {
  const { lhr } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: keepStorage,
  });
  // LIGHTHOUSE_REPORT_DIR=dir keeps each page's full report (lhr JSON) for a closer look.
  if (process.env.LIGHTHOUSE_REPORT_DIR) {
    mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
    writeFileSync(join(process.env.LIGHTHOUSE_REPORT_DIR, `${name}.json`), JSON.stringify(lhr));
  }
  const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.numericValue;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    // Why a score is missing (NO_FCP, a page that threw, ...): a 0 without a reason hides the cause.
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    ...(lhr.runWarnings?.length ? { runWarnings: lhr.runWarnings } : {}),
    failedA11y: Object.values(lhr.audits)
      .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
      .map((a) => a.id),
  };
}

/**
 * Lighthouse now and then fails to record a page load (NO_NAVSTART, NO_FCP: "Please run Lighthouse
 * again"), more often on a busy machine; its scores are then missing, which read as 0. Such a run
 * says nothing about the page, so it is run again (at most three runs); an error that stays is
 * reported with the result.
 */
async function audit(url, port, keepStorage = false) {
  let result;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    // After the loads, PostgreSQL and the server went on working for a while: a page audited then
    // had its tasks lengthened by them (a signed-in /project/list's blocking time twice what it is
    // on the quiet machine). Each audit starts on a quiet machine, and says how long it waited.
    const quiet = await waitForQuietCpu();
    if (quiet.busySeconds.length > 0) {
      const busiest = quiet.busySeconds[0]?.top.map((p) => `${p.name} ${Math.round(p.pct)}%`).join(', ');
      console.error(
        `lighthouse ${url}: waited ${(quiet.waitedMs / 1000).toFixed(0)} s for a quiet machine (busy first: ${busiest || 'no one process'})`,
      );
    }
    result = {
      ...(await auditOnce(url, port, keepStorage)),
      quietWaitMs: quiet.waitedMs,
      ...(quiet.quiet ? {} : { notQuiet: quiet.busySeconds.slice(-3) }),
    };
    if (!result.runtimeError) return attempt > 1 ? { ...result, attempts: attempt } : result;
    console.error(`lighthouse ${url}: ${result.runtimeError} (run ${attempt} of 3)`);
  }
  return { ...result, attempts: 3 };
}

/** Scores of the three pages; `tenant` ({ email }) signs in for /project/list. */
export async function measureLighthouse(baseUrl, tenant) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: FLAGS });
  try {
    const pages = [];
    for (const path of ['/auth/login', '/pricing']) {
      pages.push({ path, ...(await audit(`${baseUrl}${path}`, chrome.port)) });
    }
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel('Email').fill(tenant.email);
    await page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'), { timeout: 30_000 });
    // The page signed in to finishes loading: a signed-in user's cache holds the shell it came
    // through. Closed any earlier, the shell's chunks were cached or not by chance, from run to run.
    await page.waitForLoadState('networkidle');
    await page.close();
    // Over CDP, close() only disconnects Playwright; Chromium (and its cookie) stays for Lighthouse.
    // Left connected, Playwright's session on the browser could disturb Lighthouse's trace.
    await browser.close();
    pages.push({ path: '/project/list', ...(await audit(`${baseUrl}/project/list`, chrome.port, true)) });
    return pages;
  } finally {
    chrome.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, email] = process.argv.slice(2);
  console.log(JSON.stringify(await measureLighthouse(url, { email }), null, 2));
}
