import { describe, expect, it } from "vitest";
import { file, json, reviewId, setUpCli, weft } from "./cli-fixtures";

/**
 * `weft definitions` and `weft triggers`: a definition created from YAML, listed and shown, and an event
 * trigger created from YAML that starts runs by events sent with `weft events send`, then paused and deleted.
 */
setUpCli();

describe("weft (the CLI) against the service over HTTP", () => {
  it("creates a definition from YAML, prints its id, and lists and shows it", async () => {
    const listed = await weft("definitions", "list");
    const shown = await json<{ id: string; stepsJson: { name: string }[] }>("definitions", "show", reviewId);

    expect(reviewId).toMatch(/^def_/);
    expect(listed.stdout.split("\n")[0]).toMatch(/^ID\s+NAME\s+VERSION\s+CREATEDAT$/);
    expect(listed.stdout).toContain(reviewId);
    expect(shown.stepsJson.map((step) => step.name)).toEqual(["draft", "pause", "check"]);
  });

  it("creates an event trigger from YAML, starts runs by sending events, and pauses and deletes it", async () => {
    const spec = `type: event\ndefinitionId: ${reviewId}\neventName: user.signed_up\n`;
    const triggerId = (await weft("triggers", "create", await file("trigger.yaml", spec))).stdout.trim();

    const sent = await weft(
      "events",
      "send",
      "user.signed_up",
      "--payload",
      '{"name":"Cy"}',
      "--id",
      "evt-1",
    );
    const paused = await weft("triggers", "pause", triggerId);
    const ignored = await json<{ runs: unknown[] }>("events", "send", "user.signed_up", "--id", "evt-2");
    const listed = await weft("-q", "triggers", "list");
    const deleted = await weft("triggers", "delete", triggerId);

    expect(triggerId).toMatch(/^trg_/);
    expect(sent.stdout).toMatch(/^run_\w+\n$/);
    expect(paused.stdout).toBe(`Trigger ${triggerId} is paused\n`);
    expect(ignored.runs).toEqual([]);
    expect(listed.stdout).toBe(`${triggerId}\n`);
    expect(deleted.code).toBe(0);
  });
});
