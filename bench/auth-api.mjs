// Auth API figures over real HTTP on loopback: sign-in latency (argon2id dominates), token
// refresh latency, and GET /api/me throughput with a bearer token. Needs the app running at
// BENCH_URL with no SMTP_URL (the code is read from /dev-mailbox) and high auth rate limits.
import { performance } from 'node:perf_hooks';

const baseUrl = () => process.env.BENCH_URL ?? 'http://127.0.0.1:3000';
const password = 'bench-password-1';

async function call(path, { method = 'POST', body, token, cookie } = {}) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null, headers: response.headers };
}

function expectStatus(result, status, what) {
  if (result.status !== status) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.json)}`);
}

const refreshCookie = (headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith('refresh_token='))
    ?.split(';')[0];

async function signedUpUser() {
  const email = `bench-${Date.now()}@bench.test`;
  const registered = await call('/api/auth/register', {
    body: {
      first_name: 'Bench',
      last_name: 'Mark',
      email,
      password,
      confirm_password: password,
      terms_of_service: 1,
      privacy_policy: 1,
    },
  });
  expectStatus(registered, 201, 'register');
  const mailbox = await (await fetch(`${baseUrl()}/dev-mailbox`)).text();
  const article = mailbox.split('<article>').find((part) => part.includes(email));
  const code = article?.match(/Your code: ([A-Z0-9]{6})/)?.[1];
  if (!code) throw new Error('no code for the bench user in /dev-mailbox');
  expectStatus(await call('/api/auth/verify-email', { body: { email, code } }), 200, 'verify');
  return email;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function timed(count, concurrency, fn) {
  const samples = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const t0 = performance.now();
        await fn();
        samples.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  return {
    count,
    concurrency,
    perSecond: count / seconds,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
  };
}

export async function measureAuthApi() {
  const email = await signedUpUser();
  const login = () => call('/api/auth/login', { body: { email, password } });
  const signIn = await login();
  expectStatus(signIn, 200, 'login');
  const token = signIn.json.data.access_token;
  let cookie = refreshCookie(signIn.headers);

  const logins = await timed(40, 2, async () => expectStatus(await login(), 200, 'login'));
  const refreshes = await timed(200, 1, async () => {
    const refreshed = await call('/api/auth/refresh', { cookie });
    expectStatus(refreshed, 200, 'refresh');
    cookie = refreshCookie(refreshed.headers);
  });
  const me = await timed(2000, 16, async () =>
    expectStatus(await call('/api/me', { method: 'GET', token }), 200, 'me'),
  );
  return { logins, refreshes, me };
}

const line = (name, r) =>
  `${name.padEnd(34)} ${r.perSecond.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   (${r.count} requests, concurrency ${r.concurrency})`;

export function printAuthApi(result) {
  console.log(line('POST /api/auth/login (argon2id)', result.logins));
  console.log(line('POST /api/auth/refresh (rotation)', result.refreshes));
  console.log(line('GET /api/me (bearer)', result.me));
}

if (import.meta.url === `file://${process.argv[1]}`) printAuthApi(await measureAuthApi());
