// What the benchmarks read from Linux's /proc: CPU time and resident memory of processes, measures
// that do not depend on how loaded the machine is (other work slows a run's wall clock, not the
// CPU seconds an order costs).
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc counts CPU time in these ticks. */
const CLOCK_TICKS = 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), or undefined when the process is gone. */
function statFields(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return undefined;
  }
}

/** CPU time a process has used (user + system), in ms; 0 when it is gone. */
export function cpuMsOf(pid: number): number {
  const fields = statFields(pid);
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS : 0;
}

/** The parent of a process, or undefined when it is gone. */
export function parentOf(pid: number): number | undefined {
  const fields = statFields(pid);
  return fields ? Number(fields[1]) : undefined;
}

function processIds(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
}

/** The processes whose parent is `pid` (a cluster's workers, a PostgreSQL server's backends). */
export function childrenOf(pid: number): number[] {
  return processIds().filter((candidate) => parentOf(candidate) === pid);
}

/** CPU time of every PostgreSQL server process on this machine (other work on it included). */
export function postgresCpuMs(): number {
  let total = 0;
  for (const pid of processIds()) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuMsOf(pid);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** CPU time the whole machine spent busy (every core), in ms. */
export function machineBusyMs(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / CLOCK_TICKS;
}

/** Resident memory now (VmRSS) and at its highest so far (VmHWM), in bytes; 0 when the process is gone. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) * 1024;
    return { rss: kib('VmRSS'), peak: kib('VmHWM') };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

export const residentBytes = (pid: number): number => memoryOf(pid).rss;
