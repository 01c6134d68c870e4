import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time used so far by a set of processes, from Linux's /proc (0 elsewhere): how a phase's work split
 * between the service and DynamoDB Local on a machine whose cores they share.
 */
const CLOCK_TICKS_PER_SECOND = 100;

export interface ProcessInfo {
  pid: number;
  processGroup: number;
  cpuMs: number;
  commandLine: string;
}

function processes(): ProcessInfo[] {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const found: ProcessInfo[] = [];
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // The command name may hold spaces and parentheses: the fields start after the last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ticks = Number(fields[11]) + Number(fields[12]);
      found.push({
        pid: Number(pid),
        processGroup: Number(fields[2]),
        cpuMs: (ticks * 1000) / CLOCK_TICKS_PER_SECOND,
        commandLine: readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " "),
      });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}

/** CPU ms used so far by the processes `select` picks. */
export function cpuMsSoFar(select: (process: ProcessInfo) => boolean): number {
  return processes()
    .filter(select)
    .reduce((sum, process) => sum + process.cpuMs, 0);
}

/** CPU ms the service, DynamoDB Local and the bench itself used during a phase: who the shared cores served. */
export interface CpuSplit {
  serviceMs: number;
  dynamoLocalMs: number;
  benchMs: number;
}

/** Runs `phase` and answers what it returned with the CPU each side used meanwhile. */
export async function withCpu<T>(
  service: { pid: number | undefined; dynamoEndpoint: string },
  phase: () => Promise<T>,
): Promise<[T, CpuSplit]> {
  const port = new URL(service.dynamoEndpoint).port;
  const read = () => ({
    serviceMs: cpuMsSoFar((process) => process.processGroup === service.pid),
    dynamoLocalMs: cpuMsSoFar(
      (process) =>
        process.commandLine.includes("DynamoDBLocal") && process.commandLine.includes(`-port ${port} `),
    ),
    bench: process.cpuUsage(),
  });
  const before = read();
  const result = await phase();
  const after = read();
  const bench = process.cpuUsage(before.bench);
  return [
    result,
    {
      serviceMs: after.serviceMs - before.serviceMs,
      dynamoLocalMs: after.dynamoLocalMs - before.dynamoLocalMs,
      benchMs: Math.round((bench.user + bench.system) / 1000),
    },
  ];
}
