// Starting and stopping the product as `npm start` runs it (scripts/start.mjs: the production
// build, NODE_ENV=production), and reading the server's memory while it runs.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Environment of a bench run: production defaults, but one client IP sends all the load. */
export function productEnv({ port, databaseUrl, dataDir, jwtSecret }) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    JWT_SECRET: jwtSecret,
    SMTP_URL: '',
    MAIL_TRANSPORT: 'outbox',
    // Every request comes from 127.0.0.1: per-IP limits would measure the limiter, not the app.
    AUTH_RATE_LIMIT_PER_IP: '10000000',
    AUTH_RATE_LIMIT_PER_EMAIL: '10000000',
    RATE_LIMIT_PER_IP: '100000000',
  };
}

export async function waitReady(url, timeoutMs = 120_000) {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return Date.now() - started;
    } catch {}
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The pid of the node process serving (scripts/start.mjs runs it as its child). */
function serverPid(parentPid) {
  try {
    const children = readFileSync(`/proc/${parentPid}/task/${parentPid}/children`, 'utf8')
      .trim()
      .split(/\s+/);
    return Number(children[0]) || parentPid;
  } catch {
    return parentPid;
  }
}

/** Resident memory of a process, in MB (VmRSS), and its peak (VmHWM). */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0);
    return { rssMB: kb('VmRSS') / 1024, peakMB: kb('VmHWM') / 1024 };
  } catch {
    return { rssMB: 0, peakMB: 0 };
  }
}

/**
 * Starts `node scripts/start.mjs [args]`; resolves when /api/ready answers 200. `onStdout` gets the
 * server's output (its JSON log lines) in chunks; without it the output is dropped.
 */
export async function startProduct(env, args = [], { onStdout } = {}) {
  const url = `http://127.0.0.1:${env.PORT}`;
  const started = Date.now();
  const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
    stdio: ['ignore', onStdout ? 'pipe' : 'ignore', 'pipe'],
    env,
  });
  if (onStdout) child.stdout.on('data', (chunk) => onStdout(String(chunk)));
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await Promise.race([
    waitReady(url),
    exited.then((code) => {
      throw new Error(`the product exited (${code}) before it was ready:\n${stderr}`);
    }),
  ]);
  const readyMs = Date.now() - started;
  const pid = serverPid(child.pid);
  return {
    url,
    pid,
    readyMs,
    memory: () => memoryOf(pid),
    /** The last 4,000 characters the server wrote to stderr (why it died, when it did). */
    stderrTail: () => stderr,
    /** Resolves with the launcher's exit code once it has exited (after a stop or a kill). */
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
