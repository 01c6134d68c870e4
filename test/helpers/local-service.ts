import { spawn } from "node:child_process";
import { freePorts } from "../../core/adapters/local/free-port";

/**
 * The real `npm start` process as a child, for the end-to-end tests and the benchmarks: started with the
 * given environment on a free port, with its output kept to explain a failure.
 */
export interface LocalService {
  url: string;
  pid: number | undefined;
  output(): string;
  /** Signals the process group as a terminal would, and resolves once every process in it has let go. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const START_TIMEOUT_MS = 90_000;
/** Enough of the output to explain a failed start, without holding a long run's logs. */
const OUTPUT_KEPT_CHARS = 50_000;

export async function startLocalService(env: Record<string, string>): Promise<LocalService> {
  const [port] = await freePorts(1);
  const child = spawn("npm", ["start", "--silent"], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  // "close", not "exit": npm exits on a signal at once, while the service behind it may still be draining.
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  let running = true;
  void closed.then(() => {
    running = false;
  });

  const service: LocalService = {
    url: `http://localhost:${port}`,
    pid: child.pid,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      if (running && child.pid !== undefined) process.kill(-child.pid, signal);
      await closed;
    },
  };
  try {
    await waitForListening(() => output, closed);
  } catch (error) {
    await service.stop("SIGTERM");
    throw error;
  }
  return service;
}

function waitForListening(output: () => string, closed: Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (output().includes("Weft is listening on")) finish();
      else if (Date.now() - started > START_TIMEOUT_MS)
        finish(new Error(`not listening after ${START_TIMEOUT_MS} ms`));
    }, 50);
    void closed.then(() => finish(new Error("npm start exited before listening")));
    function finish(error?: Error) {
      clearInterval(poll);
      if (error) reject(new Error(`${error.message}\n--- service output ---\n${output()}`));
      else resolve();
    }
  });
}
