import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirInUseError, type DataDirLock, lockDataDir } from "../../functions/local-data-dir-lock";

/**
 * One service per DATA_DIR (functions/local-data-dir-lock.ts): a second lock on a directory is refused
 * with the holder's pid and URL, and a holder that ended, even by SIGKILL, leaves nothing that blocks the
 * next. test/e2e/data-dir-lock.test.ts does the same with real `npm start` processes.
 */
const dirs: string[] = [];
const held: DataDirLock[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  for (const lock of held) await lock.release();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "weft-lock-"));
  dirs.push(dir);
  return dir;
}

async function lock(dir: string, address?: string): Promise<DataDirLock> {
  const taken = await lockDataDir(dir, address);
  held.push(taken);
  return taken;
}

/** Another node process that takes the lock on `dir` and says so; it holds it until killed. */
async function holdInChild(dir: string, address?: string): Promise<ChildProcess> {
  const module = join(__dirname, "../../functions/local-data-dir-lock.ts");
  const script = `const { lockDataDir } = await import(${JSON.stringify(module)});
    const lock = await lockDataDir(${JSON.stringify(dir)}, ${JSON.stringify(address)});
    lock.describe({ url: "http://localhost:4999" });
    console.log("held");
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("held") && resolve());
    child.once("exit", (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return child;
}

async function kill9(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

describe("the DATA_DIR lock", () => {
  it("refuses a second holder of the same directory, naming the first one's pid and URL", async () => {
    const dir = newDir();
    const first = await lock(dir);
    first.describe({ url: "http://localhost:3000" });

    const second = lockDataDir(dir);

    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(
      `DATA_DIR ${dir} is in use by another Weft service (pid ${process.pid}, http://localhost:3000).`,
    );
  });

  it("tells a second start that the first is still starting before it has a URL", async () => {
    const dir = newDir();
    await lock(dir);

    await expect(lockDataDir(dir)).rejects.toThrow(`(pid ${process.pid}, still starting)`);
  });

  it("leaves other directories free, and its own once released", async () => {
    const dir = newDir();
    const first = await lock(dir);
    await lock(newDir());

    await first.release();

    await expect(lock(dir)).resolves.toBeDefined();
  });

  it("is free again once its holder was killed with SIGKILL", { timeout: 30_000 }, async () => {
    const dir = newDir();
    const holder = await holdInChild(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(`(pid ${holder.pid}, http://localhost:4999)`);

    await kill9(holder);

    await expect(lock(dir)).resolves.toBeDefined();
  });

  it("as a socket file (off Linux), takes over the file a killed holder left behind", {
    timeout: 30_000,
  }, async () => {
    const dir = newDir();
    const file = join(dir, "weft.lock");
    const holder = await holdInChild(dir, file);
    await expect(lockDataDir(dir, file)).rejects.toThrow(`(pid ${holder.pid}, http://localhost:4999)`);

    await kill9(holder);
    expect(existsSync(file)).toBe(true);

    await expect(lock(dir, file)).resolves.toBeDefined();
    await expect(lockDataDir(dir, file)).rejects.toThrow(`(pid ${process.pid}, still starting)`);
  });
});
