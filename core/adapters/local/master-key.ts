import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const KEY_FILE = "master.key";

/**
 * The local vault's key: MASTER_KEY (base64, 32 bytes) when set, else one generated on first start and kept
 * in DATA_DIR (mode 0600), so secrets stored by one run of the service decrypt in the next.
 */
export function loadMasterKey(options: { masterKey: string | undefined; dataDir: string }): Buffer {
  if (options.masterKey) {
    const key = Buffer.from(options.masterKey, "base64");
    if (key.length !== 32) throw new Error("MASTER_KEY must be 32 bytes, base64-encoded");
    return key;
  }
  const path = join(options.dataDir, KEY_FILE);
  if (existsSync(path)) return Buffer.from(readFileSync(path, "utf8").trim(), "base64");
  const key = randomBytes(32);
  writeFileSync(path, key.toString("base64"), { mode: 0o600 });
  return key;
}
