// One scenario's load: autocannon against a server, a warm-up first (its figures discarded), then
// the measured run. `next()` builds each request ({ method, path, headers?, body? }), so every
// request can name a different tenant, project and page.
import autocannon from 'autocannon';
import { cpuPerRequest, cpuTimes, processCpu, stealSince } from './steal.mjs';

export const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 5),
  seconds: Number(process.env.BENCH_DURATION ?? 20),
};

function run(url, next, { connections, seconds }) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        timeout: 10,
        requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('error', reject);
  });
}

/**
 * Warm-up then measure; returns requests/s, latency p50/p99 (ms), errors (connection errors,
 * timeouts and non-2xx answers), the request count and the CPU time stolen from the machine meanwhile
 * (steal.mjs). With `options.pid` (the server's), the CPU each request cost the server, PostgreSQL
 * and the load generator (`cpuUs`, microseconds; steal.mjs processCpu). `options.seconds` and
 * `options.warmupSeconds` override the settings' durations for one load.
 */
export async function measure(url, next, options = {}) {
  const connections = options.connections ?? settings.connections;
  const seconds = options.seconds ?? settings.seconds;
  const warmupSeconds = options.warmupSeconds ?? settings.warmupSeconds;
  if (warmupSeconds > 0) await run(url, next, { connections, seconds: warmupSeconds });
  const before = cpuTimes();
  const cpuBefore = options.pid ? processCpu(options.pid) : undefined;
  const result = await run(url, next, { connections, seconds });
  const stealPct = stealSince(before);
  const cpuUs = cpuBefore
    ? cpuPerRequest(cpuBefore, processCpu(options.pid), result.requests.total)
    : undefined;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    connections,
    seconds,
    stealPct,
    cpuUs,
  };
}
