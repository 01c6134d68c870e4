import { Command, CommanderError } from "commander";
import { approvalCommands } from "./commands/approvals.js";
import { authCommands } from "./commands/auth.js";
import { costCommands } from "./commands/costs.js";
import { definitionCommands } from "./commands/definitions.js";
import { keyCommands } from "./commands/keys.js";
import { runCommands } from "./commands/runs.js";
import { triggerCommands } from "./commands/triggers.js";
import { EXIT, exitCodeOf, UsageError } from "./exit-codes.js";
import { CLI_NAME } from "./name.js";
import type { CliIo } from "./output.js";
import { openSession } from "./session.js";

const VERSION = "0.1.0";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Runs one command line (without `node weft`) and resolves with its exit code. */
export async function runCli(argv: readonly string[], io: CliIo, stdin = readStdin): Promise<number> {
  const program = new Command(CLI_NAME)
    .description("Weft from the command line: definitions, runs, approvals, triggers, costs and keys")
    .version(VERSION)
    .option("--json", "print the API's data as JSON")
    .option("-q, --quiet", "lists print their ids only, one per line")
    .option(
      "--base-url <url>",
      "the service (default: WEFT_BASE_URL, the config file, http://localhost:3000)",
    )
    .option("--api-key <key>", "the API key (default: WEFT_API_KEY, the config file)")
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  const open = (command: Command) => openSession(command, io, stdin);
  authCommands(program, open, io.env);
  definitionCommands(program, open);
  runCommands(program, open);
  approvalCommands(program, open);
  triggerCommands(program, open);
  costCommands(program, open);
  keyCommands(program, open);

  try {
    await program.parseAsync([...argv], { from: "user" });
    return EXIT.ok;
  } catch (error) {
    // Commander has printed its own message (and the help) already.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    io.stderr(`${CLI_NAME}: ${describe(error)}\n`);
    return exitCodeOf(error);
  }
}

function describe(error: unknown): string {
  if (error instanceof UsageError || !(error instanceof Error))
    return String((error as Error)?.message ?? error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return `${error.message}${cause}`;
}
