import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

export interface CliConfig {
  baseUrl?: string;
  apiKey?: string;
}

export const DEFAULT_BASE_URL = "http://localhost:3000";

/**
 * `$WEFT_CONFIG`, else `$XDG_CONFIG_HOME/weft/config.json`, else `~/.config/weft/config.json` (the XDG base
 * directory default).
 */
export function configPath(env: Record<string, string | undefined>): string {
  if (env.WEFT_CONFIG) return env.WEFT_CONFIG;
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config");
  return join(base, "weft", "config.json");
}

export async function readConfig(path: string): Promise<CliConfig> {
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return "{}";
    throw error;
  });
  return JSON.parse(text) as CliConfig;
}

/** Writes the file readable by its owner only: it holds an API key. */
export async function writeConfig(path: string, config: CliConfig): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
}
