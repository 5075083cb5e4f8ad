// CPU time the hypervisor gave to other guests ("steal" in /proc/stat): on a shared virtual machine
// a load can lose a third of its CPU to neighbours, and every figure of it falls with no change of
// ours (a run on 2026-11-28 had its bare stack at a fifth of the rate measured an hour before).
// The bench prints it beside its figures so that such a run is recognised, not compared.
import { readdirSync, readFileSync } from 'node:fs';

/** The machine's CPU times so far (all cores, in clock ticks): total and stolen. Zero where unknown. */
export function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal guest guest_nice (guest time is within user)
    const total = fields.slice(0, 8).reduce((sum, n) => sum + n, 0);
    return { total, steal: fields[7] ?? 0 };
  } catch {
    return { total: 0, steal: 0 };
  }
}

/** The share of the CPU time since `before` (a cpuTimes()) that was stolen, in percent. */
export function stealSince(before) {
  const now = cpuTimes();
  const total = now.total - before.total;
  return total > 0 ? (100 * (now.steal - before.steal)) / total : 0;
}

/** Steal above this share of a load makes its figures understate the machine. */
export const STEAL_WARN_PCT = 5;

/**
 * CPU time (user + system, seconds) used so far by the PostgreSQL processes of this machine (every
 * process named `postgres`: its backends and its background workers), by the server `pid` and by
 * this process (the load generator, autocannon, runs in it). Divided by the requests of a load,
 * it says where a request's CPU went; on 2 cores the three compete for the same CPU.
 */
export function processCpu(pid) {
  const out = { postgres: 0, server: 0, client: 0 };
  let names;
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return out;
  }
  const tick = 100; // USER_HZ, 100 on Linux
  for (const name of names) {
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / tick; // utime, stime
    if (command === 'postgres') out.postgres += seconds;
    if (Number(name) === pid) out.server = seconds;
    if (Number(name) === process.pid) out.client = seconds;
  }
  return out;
}

/** Microseconds of CPU per request of each part between two processCpu() readings. */
export function cpuPerRequest(before, after, requests) {
  const per = (key) => (requests > 0 ? Math.round((1e6 * (after[key] - before[key])) / requests) : 0);
  return { server: per('server'), postgres: per('postgres'), client: per('client') };
}

/** CPU seconds (user + system) of every process now, by pid, with its name. */
function everyProcessCpu() {
  const out = new Map();
  let names = [];
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {}
  for (const name of names) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(name, { command, seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
    } catch {}
  }
  return out;
}

/**
 * Waits until the machine is quiet: `quietSeconds` seconds in a row in which its cores were busy
 * less than `busyPct` percent, for at most `maxSeconds`. A page's Total Blocking Time is the time
 * its main thread's tasks take, and a 2-core machine still busy with what the loads left behind
 * (PostgreSQL writing, a server collecting its garbage) lengthens them. Answers how long it waited
 * and, for each busy second, the busiest processes.
 */
export async function waitForQuietCpu({ busyPct = 15, quietSeconds = 3, maxSeconds = 60 } = {}) {
  const started = Date.now();
  const busySeconds = [];
  let quiet = 0;
  let before = { times: cpuTimes(), procs: everyProcessCpu(), idle: idleTicks() };
  while (quiet < quietSeconds && Date.now() - started < maxSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = { times: cpuTimes(), procs: everyProcessCpu(), idle: idleTicks() };
    const total = after.times.total - before.times.total;
    const busy = total > 0 ? 100 * (1 - (after.idle - before.idle) / total) : 0;
    if (busy < busyPct) quiet += 1;
    else {
      quiet = 0;
      const top = [...after.procs]
        .map(([pid, p]) => ({
          name: p.command,
          pct: 100 * (p.seconds - (before.procs.get(pid)?.seconds ?? p.seconds)),
        }))
        .filter((p) => p.pct >= 5)
        .sort((a, b) => b.pct - a.pct)
        .slice(0, 3);
      busySeconds.push({ busyPct: Math.round(busy), top });
    }
    before = after;
  }
  return { waitedMs: Date.now() - started, quiet: quiet >= quietSeconds, busySeconds };
}

/** Idle and iowait clock ticks of all cores so far. */
function idleTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return (fields[3] ?? 0) + (fields[4] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * What this machine charges for memory a process touches for the first time, against touching the
 * same memory again, in ms per GB (a 256 MB buffer written twice). Some virtual machines hand a
 * guest's free memory back to the host and fault it in again, page by page, when it is next used:
 * on one (2026-11-29) the first touch cost ~3,700 ms per GB, 60-70 times the second. A process that
 * starts fresh (each page Chromium opens for Lighthouse, a database connection's backend) pays that
 * on every page of memory it takes; a server under steady load reuses its memory and hardly does
 * (0.2-0.3 page faults per request there). Printed beside the figures, as the steal is.
 */
export function memoryFirstTouch(megabytes = 256) {
  const buffer = Buffer.alloc(megabytes * 1024 * 1024); // zero pages, mapped on first write
  const first = process.hrtime.bigint();
  buffer.fill(1);
  const second = process.hrtime.bigint();
  buffer.fill(2);
  const done = process.hrtime.bigint();
  const perGb = (ns) => Math.round(Number(ns) / 1e6 / (megabytes / 1024));
  return { firstMsPerGb: perGb(second - first), againMsPerGb: perGb(done - second) };
}
