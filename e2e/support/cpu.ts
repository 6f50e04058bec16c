// CPU time of a process from /proc (Linux): on a shared machine wall time says little, CPU time says what a step costs.
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Seconds of CPU of `pid`: its own (utime + stime), its finished and reaped children's (cutime + cstime), or both.
 * 0 where there is no /proc or no such process.
 */
export function cpuSeconds(pid: number | 'self', what: 'own' | 'children' | 'both'): number {
  try {
    // After the command name: utime, stime, cutime, cstime are the 12th to 15th fields, in ticks of 1/100 s.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ').map(Number);
    const own = fields[11]! + fields[12]!;
    const children = fields[13]! + fields[14]!;
    return (what === 'own' ? own : what === 'children' ? children : own + children) / 100;
  } catch {
    return 0;
  }
}

/**
 * Seconds of CPU of a process and all its descendants alive now (with what each has reaped): Chromium's renderers
 * are children of its zygote, not of the browser process, so the browser's own count misses them.
 */
export function treeCpuSeconds(pid: number): number {
  let parentOf: Map<number, number>;
  try {
    parentOf = new Map(
      readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .map((name) => {
          try {
            const ppid = Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
            return [Number(name), ppid] as const;
          } catch {
            return [Number(name), 0] as const;
          }
        }),
    );
  } catch {
    return 0;
  }
  const inTree = (candidate: number): boolean => {
    for (let current = candidate; current > 1; current = parentOf.get(current) ?? 0)
      if (current === pid) return true;
    return false;
  };
  let total = 0;
  for (const candidate of parentOf.keys()) if (inTree(candidate)) total += cpuSeconds(candidate, 'both');
  return total;
}
