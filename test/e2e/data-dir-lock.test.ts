import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePorts } from "../../core/adapters/local/free-port";
import { type LocalService, startLocalService } from "../helpers/local-service";
import { listProcesses } from "../helpers/processes";

/**
 * A second `npm start` on a DATA_DIR in use refuses, with a message that says which service holds it, and
 * exits non-zero; the first keeps its DynamoDB Local and stays ready. A start after the first was killed
 * with SIGKILL is not blocked (the crash-recovery tests restart that way throughout).
 */
const dataDir = mkdtempSync(join(tmpdir(), "weft-lock-e2e-"));
const services = new Set<LocalService>();

afterAll(async () => {
  for (const service of services) await service.stop("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

const jvmPids = () =>
  listProcesses()
    .filter((proc) => proc.args.some((arg) => arg.includes("DynamoDBLocal")))
    .filter((proc) => proc.args.includes(join(dataDir, "dynamodb")))
    .map((proc) => proc.pid);

/**
 * `npm start` run to its end: its exit code and everything it printed. One that comes up instead is
 * stopped at once (null: it did not refuse), so that it does not hold the test until its timeout.
 */
async function startToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const [port] = await freePorts(1);
  const child = spawn("npm", ["start", "--silent"], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  let listened = false;
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (listened || !output.includes("Weft is listening") || child.pid === undefined) return;
    listened = true;
    process.kill(-child.pid, "SIGTERM");
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  return { code: listened ? null : code, output };
}

async function ready(service: LocalService): Promise<number> {
  return (await fetch(`${service.url}/ready`)).status;
}

describe("a second npm start on the same DATA_DIR", { timeout: 180_000 }, () => {
  it("refuses and exits 1, leaving the first one serving on its own DynamoDB Local", async () => {
    const first = await startLocalService({ DATA_DIR: dataDir });
    services.add(first);
    const jvms = jvmPids();
    expect(jvms).toHaveLength(1);

    const second = await startToExit({ DATA_DIR: dataDir });

    expect(second.code).toBe(1);
    expect(second.output).toContain(
      `Weft did not start: DATA_DIR ${dataDir} is in use by another Weft service (pid `,
    );
    expect(second.output).toContain(
      `, ${first.url}). Stop that service first, or give this one another DATA_DIR.`,
    );
    expect(jvmPids()).toEqual(jvms);
    expect(await ready(first)).toBe(200);
    const signup = await fetch(`${first.url}/v1/dashboard-auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "lock@example.com", password: "a long password", workspaceName: "Lock" }),
    });
    expect(signup.status).toBe(201);
  });

  it("starts once the first was killed with SIGKILL, on the data the first wrote", async () => {
    const [first] = services;
    if (!first) throw new Error("the first test's service is gone");
    await first.stop("SIGKILL");
    services.delete(first);

    const next = await startLocalService({ DATA_DIR: dataDir });
    services.add(next);

    expect(await ready(next)).toBe(200);
    const login = await fetch(`${next.url}/v1/dashboard-auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "lock@example.com", password: "a long password" }),
    });
    expect(login.status).toBe(200);
  });
});
