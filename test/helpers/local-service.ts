import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/** The real `npm start` process, spawned by a test, with its output kept for failure messages. */
export interface LocalService {
  url: string;
  process: ChildProcess;
  output(): string;
  /** Signals the process group as a terminal would, and resolves once `npm start` has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const START_TIMEOUT_MS = 90_000;

export async function startLocalService(env: Record<string, string>): Promise<LocalService> {
  const port = await freePort();
  const child = spawn("npm", ["start", "--silent"], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  // "close", not "exit": npm exits on the signal at once, while the service behind it may still be draining.
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "listening" line in time:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const check = () => {
      const match = /Weft is listening on (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code} before listening:\n${output}`));
    });
  });

  return {
    url,
    process: child,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      // npm runs the service in a child of its own; signal the whole process group, as a terminal does.
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, signal);
      await exited;
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}
