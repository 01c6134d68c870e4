import { createHash } from "node:crypto";
import { realpathSync, rmSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { join } from "node:path";

/**
 * One `npm start` per DATA_DIR. A second service on the same directory would stop the first one's
 * DynamoDB Local (dynamodb-local.ts ends a JVM it finds persisting there, which is how a crashed start's
 * leftover is cleared) and share its files; instead it refuses before touching anything.
 *
 * The lock is a socket the holder listens on, not a pid file: the kernel closes it when the holder ends,
 * whatever ends it (a `kill -9` included), so a crash leaves no lock that blocks the next start, and a
 * reused pid cannot pass for a live holder. On Linux it is an abstract socket named after the directory's
 * real path (no file at all); elsewhere a socket file in the directory, which a crash leaves behind, so one
 * that no process answers on is removed and taken. The holder tells whoever connects its pid and URL, for
 * the refusal's message.
 */
export interface DataDirLock {
  /** What a second start is told about this service, once it has a URL. */
  describe(holder: { url: string }): void;
  release(): Promise<void>;
}

export class DataDirInUseError extends Error {}

const ANSWER_TIMEOUT_MS = 2_000;
/** A stale socket file can only be left by a crash; a second one in a row means something else is wrong. */
const ATTEMPTS = 3;

export async function lockDataDir(dataDir: string, address = lockAddress(dataDir)): Promise<DataDirLock> {
  let holder: { pid: number; url?: string } = { pid: process.pid };
  const server = createServer((socket) => socket.end(JSON.stringify(holder)));
  for (let attempt = 1; ; attempt++) {
    const taken = await listen(server, address);
    if (!taken) break;
    const answer = await askHolder(address);
    if (answer !== "nobody" || attempt === ATTEMPTS) {
      const who = answer === "nobody" || answer === "silent" ? "another process" : describeHolder(answer);
      throw new DataDirInUseError(
        `DATA_DIR ${dataDir} is in use by ${who}. Stop that service first, or give this one another DATA_DIR.`,
      );
    }
    rmSync(address, { force: true });
  }
  server.unref();
  return {
    describe: ({ url }) => {
      holder = { ...holder, url };
    },
    release: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An abstract socket on Linux (released by the kernel with its holder); a socket file elsewhere. */
function lockAddress(dataDir: string): string {
  const realDir = realpathSync(dataDir);
  if (process.platform !== "linux") return join(realDir, "weft.lock");
  return `\0weft-data-dir-${createHash("sha256").update(realDir).digest("hex").slice(0, 40)}`;
}

/** Resolves false once listening, true when another socket holds the address. */
function listen(server: Server, address: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") resolve(true);
      else reject(error);
    };
    server.once("error", onError);
    server.listen(address, () => {
      server.off("error", onError);
      resolve(false);
    });
  });
}

type Answer = { pid?: unknown; url?: unknown } | "nobody" | "silent";

/** "nobody" when no process listens (a crashed holder's socket file), "silent" when one does but says nothing. */
function askHolder(address: string): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = connect(address);
    const chunks: Buffer[] = [];
    socket.setTimeout(ANSWER_TIMEOUT_MS, () => socket.destroy());
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      resolve(error.code === "ECONNREFUSED" || error.code === "ENOENT" ? "nobody" : "silent"),
    );
    socket.on("close", () => {
      try {
        const answer: unknown = JSON.parse(Buffer.concat(chunks).toString());
        resolve(typeof answer === "object" && answer !== null ? answer : "silent");
      } catch {
        resolve("silent");
      }
    });
  });
}

function describeHolder(answer: { pid?: unknown; url?: unknown }): string {
  const url = typeof answer.url === "string" ? `, ${answer.url}` : ", still starting";
  return `another Weft service (pid ${String(answer.pid)}${url})`;
}
