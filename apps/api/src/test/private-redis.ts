import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './free-port.ts';

const REDIS_SERVER = 'redis-server';

/**
 * A redis-server of a fault test's own on a free port, which the test may stop, start, pause and
 * resume (a fault test never touches the machine's shared Redis). No persistence: a restart starts
 * empty, as a lost cache does.
 */
export type PrivateRedis = {
  port: number;
  /** redis://:<password>@127.0.0.1:<port> when a password is set. */
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** SIGSTOP: the connection stays open and nothing answers. */
  pause(): void;
  resume(): void;
  destroy(): Promise<void>;
};

/** Why a private Redis cannot run here, or undefined when it can. */
export function privateRedisUnavailable(): string | undefined {
  const probe = spawnSync(REDIS_SERVER, ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? undefined : `no ${REDIS_SERVER} on the PATH`;
}

export { freePort };

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startPrivateRedis(password?: string): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  if (password) args.push('--requirepass', password);
  const redis: PrivateRedis = {
    port,
    url: password ? `redis://:${password}@127.0.0.1:${port}` : `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(REDIS_SERVER, args, { stdio: 'ignore' });
      for (let waited = 0; !(await listening(port)); waited += 25) {
        if (waited > 10_000) throw new Error(`redis-server did not listen on ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGCONT');
      running.kill('SIGTERM');
      await exited;
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    async destroy() {
      await redis.stop();
    },
  };
  await redis.start();
  return redis;
}
