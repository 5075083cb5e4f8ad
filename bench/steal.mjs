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
