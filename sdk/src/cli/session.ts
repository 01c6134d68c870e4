import type { Command } from "commander";
import { createWeftClient, type WeftClient } from "../client.js";
import { type CliConfig, configPath, DEFAULT_BASE_URL, readConfig, writeConfig } from "./config.js";
import { UsageError } from "./exit-codes.js";
import { CLI_NAME } from "./name.js";
import { type CliIo, Output } from "./output.js";

type Globals = { json?: boolean; quiet?: boolean; baseUrl?: string; apiKey?: string };

/** One invocation's settings (flag, else environment, else config file) and its client. */
export interface Session {
  out: Output;
  baseUrl: string;
  apiKey: string | undefined;
  /** The client with the API key; fails with a usage error when none is configured. */
  weft(): WeftClient;
  /** A client with no key, for sign-up and login. */
  anonymous(): WeftClient;
  saveConfig(change: CliConfig): Promise<string>;
  stdin(): Promise<string>;
}

export async function openSession(
  command: Command,
  io: CliIo,
  stdin: () => Promise<string>,
): Promise<Session> {
  const globals = command.optsWithGlobals<Globals>();
  const file = configPath(io.env);
  const config = await readConfig(file);
  const baseUrl = globals.baseUrl ?? io.env.WEFT_BASE_URL ?? config.baseUrl ?? DEFAULT_BASE_URL;
  const apiKey = globals.apiKey ?? io.env.WEFT_API_KEY ?? config.apiKey;
  return {
    out: new Output(io, globals.json === true, globals.quiet === true),
    baseUrl,
    apiKey,
    weft() {
      if (apiKey === undefined) {
        throw new UsageError(
          `No API key: run \`${CLI_NAME} signup\` or \`${CLI_NAME} login\`, or set WEFT_API_KEY`,
        );
      }
      return createWeftClient({ baseUrl, apiKey });
    },
    anonymous: () => createWeftClient({ baseUrl }),
    async saveConfig(change) {
      await writeConfig(file, { ...config, baseUrl, ...change });
      return file;
    },
    stdin,
  };
}
