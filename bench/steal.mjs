// CPU time the hypervisor gave to other guests ("steal" in /proc/stat): on a shared virtual machine
// a load can lose a third of its CPU to neighbours, and every figure of it falls with no change of
// ours (a run on 2026-11-28 had its bare stack at a fifth of the rate measured an hour before).
// The bench prints it beside its figures so that such a run is recognised, not compared.
import { readFileSync } from 'node:fs';

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
