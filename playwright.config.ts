import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// The specs drive Debian's Chromium against the app started exactly as `npm start` starts it:
// one instance delivering mail to a real SMTP server (the sink), one with no mail server at all,
// which a new user finishes sign-up on through /dev-mailbox.
export const APP_URL = 'http://127.0.0.1:3100';
export const NO_SMTP_APP_URL = 'http://127.0.0.1:3101';
export const SMTP_SINK_URL = 'http://127.0.0.1:2526';
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password' };
/** The test OpenID Connect provider (e2e/support/oidc-provider.mjs); the 3100 instance signs in with it. */
export const OIDC_URL = 'http://127.0.0.1:3690';
export const OIDC_LABEL = 'Test SSO';
const oidcEnv = {
  OIDC_ISSUER: OIDC_URL,
  OIDC_CLIENT_ID: 'workhub-e2e',
  OIDC_CLIENT_SECRET: 'workhub-e2e-secret',
  OIDC_LABEL,
};

const run = `${Date.now()}`;
const appEnv = (port: number, extra: Record<string, string>) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: `.tmp/e2e-${run}-${port}`,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  AUTH_RATE_LIMIT_PER_IP: '1000',
  AUTH_RATE_LIMIT_PER_EMAIL: '1000',
  RATE_LIMIT_PER_IP: '100000',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  ...extra,
});

// Debian's headless shell of Chromium (package chromium-headless-shell: the same engine without
// the browser's UI, its web UI renderers and on-device model services) ran the suite in 7.4 min
// against 10.4 for /usr/bin/chromium in headless mode, on one 2-core machine. /usr/bin/chromium
// stays the fallback, and the browser for `--headed` (PW_CHROMIUM=/usr/bin/chromium).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.PW_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // Two files at a time (each file's tests in order, on one worker). With one, the machine sat 45%
  // idle through the suite (a test mostly waits: for the server, a page's render, a poll); with two,
  // 17%, and the suite took 3.2 min against 4.8 on one 2-core machine. The files share the two
  // servers, the mail sink and the identity provider; each makes its own accounts and workspaces.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: APP_URL,
    // Here a failed test keeps its trace: every action with the page's DOM before and after it,
    // without the screencast (recording frames for every test took a fifth of the suite's time).
    // In CI (a fresh clone whose files nobody reads afterwards: only its log is kept) the trace is
    // off: recording it for every test cost another 15% (barber, cbe and operations 67 s -> 57 s);
    // the log still has each failure's error, call log and the test's steps.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  webServer: [
    {
      command: 'node e2e/support/smtp-sink.mjs',
      url: `${SMTP_SINK_URL}/messages`,
      reuseExistingServer: false,
    },
    {
      command: 'node e2e/support/oidc-provider.mjs',
      url: `${OIDC_URL}/.well-known/openid-configuration`,
      env: {
        OIDC_PORT: '3690',
        OIDC_CLIENT_ID: oidcEnv.OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET: oidcEnv.OIDC_CLIENT_SECRET,
        OIDC_REDIRECT_URI: `${APP_URL}/api/auth/oauth/oidc/callback`,
      },
      reuseExistingServer: false,
    },
    {
      command: 'npm start',
      url: `${APP_URL}/api/ready`,
      env: appEnv(3100, { SMTP_URL: 'smtp://127.0.0.1:2525', ...oidcEnv }),
      timeout: 240_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
    },
    {
      command: 'npm start',
      url: `${NO_SMTP_APP_URL}/api/ready`,
      env: appEnv(3101, { SMTP_URL: '' }),
      timeout: 240_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
    },
  ],
});
