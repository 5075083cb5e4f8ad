import { expect, type Page, test } from '@playwright/test';
import { APP_URL } from '../playwright.config.ts';
import { apiCreateWorkspace, apiSignIn } from './support/api.ts';
import { createVerifiedUser, signIn } from './support/helpers.ts';

// The built app under the server's real headers (Content-Security-Policy with script-src 'self'
// and no inline script, frame denial, nosniff): every main page must load and work with no CSP
// violation and no page error. A violation is reported by the browser as a
// `securitypolicyviolation` event (collected below from every page) and a console message.

type Report = { page: string; directive: string; blocked: string; sample: string };

declare global {
  interface Window {
    reportCspViolation?: (report: Report) => Promise<void>;
  }
}

/** Collects every CSP violation, CSP console message and uncaught page error of `page`. */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction('reportCspViolation', (report: Report) => {
    problems.push(
      `CSP violation on ${report.page}: ${report.directive} blocked ${report.blocked} ${report.sample}`,
    );
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void window.reportCspViolation?.({
        page: location.pathname,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** Opens `path` and checks the document came with the strict headers. */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const headers = response?.headers() ?? {};
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, path).toMatch(/(^|;)\s*script-src 'self'\s*(;|$)/);
  expect(csp, path).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options'], path).toBe('DENY');
  expect(headers['x-content-type-options'], path).toBe('nosniff');
}

test('the built index.html has no inline script and no inline event handler', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes = '', body = ''] of scripts) {
    expect(attributes).toMatch(/\bsrc="\/assets\/[^"]+\.js"/);
    expect(body.trim()).toBe('');
  }
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
});

test('public pages load with no CSP violation, and the policy is enforced', async ({ page }) => {
  const problems = await watch(page);
  await open(page, '/');
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await open(page, '/auth/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await open(page, '/auth/register');
  await expect(page.getByLabel('Email')).toBeVisible();
  await open(page, '/auth/forgot-password');
  await expect(page.getByLabel('Email')).toBeVisible();
  await open(page, '/pricing');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);

  // The control: an injected inline script is refused, and the watch above sees it.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    return (window as unknown as { injected?: boolean }).injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => problems.some((p) => p.includes('script-src'))).toBe(true);
});

test('signed-in pages (dashboards, products, projects, a form, workspaces, profile) and the API docs load with no CSP violation', async ({
  page,
}) => {
  const owner = await createVerifiedUser(APP_URL, 'csp');
  const session = await apiSignIn(APP_URL, owner.email, owner.password);
  await apiCreateWorkspace(session, 'Policy');
  await apiCreateWorkspace(session, 'Plant', 'mrp');
  const problems = await watch(page);
  // Signing in reopens the workspace used last: the MRP one, its dashboard with charts.
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard_mrp$/);
  await expect(page.getByTestId('current-workspace-name')).toHaveText('Plant');
  await open(page, '/operations/products');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await open(page, '/workspace');
  await page.getByRole('button', { name: /Policy/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await open(page, '/project/list');
  await expect(page.getByRole('link', { name: '+ New Project' }).first()).toBeVisible();
  await open(page, '/task/create');
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
  await open(page, '/workspace/list');
  await expect(page.getByRole('row').filter({ hasText: 'Policy' })).toBeVisible();
  await open(page, '/general');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Swagger UI, served by the same server under the same policy.
  await open(page, '/api/docs');
  await expect(page.locator('.swagger-ui .info').first()).toBeVisible();
  expect(problems).toEqual([]);
});
