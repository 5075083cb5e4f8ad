// Loaded into the product's server by the bench (NODE_OPTIONS=--import <this file>, with
// BENCH_LOOP_FILE=<path>): how late the event loop ran, second by second, appended to that file
// as JSON lines ({ at, p99, max }: ms past the 10 ms the sampling timer asked for; `at` the end of
// the second). The bench reads the seconds of a load back (loopDelays in run.mjs) to show that
// sign-ins' password hashing runs off the event loop. Only the API server records (scripts/start.mjs, its launcher, gets the same
// NODE_OPTIONS); without BENCH_LOOP_FILE it does nothing.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
if (file && /apps[/\\]api[/\\]dist[/\\]server\.mjs$/.test(process.argv[1] ?? '')) {
  const RESOLUTION_MS = 10;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  // The histogram holds the times between the timer's runs: the 10 ms asked for, and the lateness.
  const ms = (ns) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 100) / 100);
  setInterval(() => {
    if (histogram.count > 0) {
      const second = {
        at: Date.now(),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
      };
      appendFileSync(file, `${JSON.stringify(second)}\n`);
    }
    histogram.reset();
  }, 1000).unref();
}
