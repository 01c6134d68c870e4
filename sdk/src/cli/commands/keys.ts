import type { Command } from "commander";
import { unwrap } from "../../errors.js";
import type { Session } from "../session.js";

type Open = (command: Command) => Promise<Session>;

export function keyCommands(program: Command, open: Open): void {
  const keys = program.command("keys").description("The workspace's API keys");

  keys
    .command("list")
    .description("The workspace's keys (their prefixes; a key is shown only when created)")
    .action(async (_options, command: Command) => {
      const session = await open(command);
      const list = unwrap(await session.weft().api.GET("/v1/api-keys"));
      session.out.list(list, ["id", "name", "keyPrefix", "lastUsedAt", "createdAt"]);
    });

  keys
    .command("create <name>")
    .description("Create a key; prints it, once")
    .action(async (name: string, _options, command: Command) => {
      const session = await open(command);
      const created = unwrap(await session.weft().api.POST("/v1/api-keys", { body: { name } }));
      session.out.done(created.key, created);
    });

  keys
    .command("revoke <id>")
    .description("Revoke a key: it fails from the next request on")
    .action(async (id: string, _options, command: Command) => {
      const session = await open(command);
      const params = { path: { id } };
      const data = unwrap(await session.weft().api.DELETE("/v1/api-keys/{id}", { params }));
      session.out.done(`Revoked ${id}`, data);
    });
}
