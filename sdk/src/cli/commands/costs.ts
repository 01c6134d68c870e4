import type { Command } from "commander";
import { unwrap } from "../../errors.js";
import type { Session } from "../session.js";

type Open = (command: Command) => Promise<Session>;

export function costCommands(program: Command, open: Open): void {
  const costs = program.command("costs").description("LLM spend");

  costs
    .command("summary")
    .description("The workspace's spend, by model, definition and step")
    .option("--from <date>", "ISO date or timestamp, inclusive")
    .option("--to <date>", "ISO date or timestamp, inclusive")
    .action(async (options, command: Command) => {
      const session = await open(command);
      const query = {
        ...(options.from ? { from: options.from } : {}),
        ...(options.to ? { to: options.to } : {}),
      };
      session.out.item(unwrap(await session.weft().api.GET("/v1/cost/summary", { params: { query } })));
    });

  costs
    .command("run <id>")
    .description("One run's spend, call by call")
    .action(async (id: string, _options, command: Command) => {
      const session = await open(command);
      const params = { path: { id }, query: { breakdown: "true" as const } };
      session.out.item(unwrap(await session.weft().api.GET("/v1/workflow-runs/{id}/cost", { params })));
    });
}
