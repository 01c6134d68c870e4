import type { Command } from "commander";
import { unwrap } from "../../errors.js";
import type { CreateTriggerInput } from "../../schema.js";
import { parseJsonOption, readDocument } from "../input-file.js";
import type { Session } from "../session.js";

type Open = (command: Command) => Promise<Session>;

const COLUMNS = ["id", "type", "status", "definitionId", "cron", "eventName", "createdAt"];

export function triggerCommands(program: Command, open: Open): void {
  const triggers = program.command("triggers").description("Cron and event triggers (docs/triggers.md)");

  triggers
    .command("create <file>")
    .description("Create a trigger from a JSON or YAML file (- reads stdin); prints its id")
    .action(async (file: string, _options, command: Command) => {
      const session = await open(command);
      const body = (await readDocument(file, session.stdin)) as CreateTriggerInput;
      const created = unwrap(await session.weft().api.POST("/v1/triggers", { body }));
      session.out.done(created.id, created);
    });

  triggers
    .command("list")
    .description("The workspace's triggers, oldest first")
    .action(async (_options, command: Command) => {
      const session = await open(command);
      session.out.list(unwrap(await session.weft().api.GET("/v1/triggers")), COLUMNS);
    });

  triggers
    .command("show <id>")
    .description("One trigger")
    .action(async (id: string, _options, command: Command) => {
      const session = await open(command);
      session.out.item(
        unwrap(await session.weft().api.GET("/v1/triggers/{id}", { params: { path: { id } } })),
      );
    });

  for (const [name, status] of [
    ["pause", "paused"],
    ["resume", "active"],
  ] as const) {
    triggers
      .command(`${name} <id>`)
      .description(
        name === "pause" ? "Stop the trigger from starting runs" : "Let a paused trigger start runs again",
      )
      .action(async (id: string, _options, command: Command) => {
        const session = await open(command);
        const params = { path: { id } };
        const trigger = unwrap(
          await session.weft().api.PATCH("/v1/triggers/{id}", { params, body: { status } }),
        );
        session.out.done(`Trigger ${id} is ${trigger.status}`, trigger);
      });
  }

  triggers
    .command("delete <id>")
    .description("Delete a trigger (its runs stay)")
    .action(async (id: string, _options, command: Command) => {
      const session = await open(command);
      const data = unwrap(await session.weft().api.DELETE("/v1/triggers/{id}", { params: { path: { id } } }));
      session.out.done(`Deleted ${id}`, data);
    });

  program
    .command("events")
    .description("Events for event triggers")
    .command("send <name>")
    .description("Send an event: starts a run of every active event trigger it matches; prints their ids")
    .option("--payload <json>", "the event's payload, a JSON object")
    .option("--id <eventId>", "makes sending idempotent: an id sent in the last 24 hours starts nothing")
    .action(async (name: string, options, command: Command) => {
      const session = await open(command);
      const body = {
        name,
        ...(options.payload ? { payload: parseJsonOption("--payload", options.payload) } : {}),
        ...(options.id ? { id: options.id as string } : {}),
      };
      const sent = unwrap(await session.weft().api.POST("/v1/events", { body }));
      session.out.done(sent.runs.map((run) => run.id).join("\n"), sent);
    });
}
