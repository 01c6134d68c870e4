import type { Command } from "commander";
import { unwrap } from "../../errors.js";
import type { CreateWorkflowDefinitionInput } from "../../schema.js";
import { readDocument } from "../input-file.js";
import type { Session } from "../session.js";

type Open = (command: Command) => Promise<Session>;

export function definitionCommands(program: Command, open: Open): void {
  const definitions = program.command("definitions").alias("defs").description("Workflow definitions");

  definitions
    .command("create <file>")
    .description("Create a definition from a JSON or YAML file (- reads stdin)")
    .action(async (file: string, _options, command: Command) => {
      const session = await open(command);
      const body = (await readDocument(file, session.stdin)) as CreateWorkflowDefinitionInput;
      const created = unwrap(await session.weft().api.POST("/v1/workflow-definitions", { body }));
      session.out.done(created.id, created);
    });

  definitions
    .command("list")
    .description("Every definition, oldest first")
    .action(async (_options, command: Command) => {
      const session = await open(command);
      const list = unwrap(await session.weft().api.GET("/v1/workflow-definitions"));
      session.out.list(list, ["id", "name", "version", "createdAt"]);
    });

  definitions
    .command("show <id>")
    .description("One definition with its steps")
    .action(async (id: string, _options, command: Command) => {
      const session = await open(command);
      const params = { path: { id } };
      session.out.item(unwrap(await session.weft().api.GET("/v1/workflow-definitions/{id}", { params })));
    });
}
