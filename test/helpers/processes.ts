import { readdirSync, readFileSync } from "node:fs";

/** A process as Linux's /proc shows it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  /** Empty for a zombie: it has ended, only its exit status is left. */
  args: string[];
}

/** The processes running now (Linux only); those that end while being read are left out. */
export function listProcesses(): ProcessInfo[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const args = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").filter(Boolean);
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        // After "pid (command)", whose command may hold spaces: state, ppid, pgid.
        const [, ppid, pgid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return [{ pid: Number(name), ppid: Number(ppid), pgid: Number(pgid), args }];
      } catch {
        return [];
      }
    });
}
