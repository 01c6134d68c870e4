import { describe, expect, it } from "vitest";
import { file, json, setUpCli, weft } from "./cli-fixtures";

/** `weft runs transcript`: an agent step's conversation, read as text and as JSON (docs/agents.md). */
setUpCli({ DEV_MODELS: "true" });

const AGENT_YAML = `name: helper
version: "1"
steps:
  - type: task
    name: first
    handler: noop
  - type: agent
    name: helper
    model: gpt-4o-mini
    messages:
      - role: user
        content: "Where is {{input.order}}?"
`;

describe("weft runs transcript", () => {
  it("prints the agent's turns, and is a not-found exit for a run without an agent step", async () => {
    const definitionId = (
      await weft("definitions", "create", await file("helper.yaml", AGENT_YAML))
    ).stdout.trim();
    const runId = (
      await weft("runs", "start", definitionId, "--input", '{"order":"o-7"}', "--wait")
    ).stdout.match(/^id: (\S+)$/m)?.[1];

    const text = await weft("runs", "transcript", runId ?? "");
    const read = await json<{ turns: number; messages: { role: string; content: string }[] }>(
      "runs",
      "transcript",
      runId ?? "",
      "--step",
      "helper",
    );
    const missing = await weft("runs", "transcript", runId ?? "", "--step", "first");

    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toBe("turn 1: Echo: Where is o-7?\n1 turns\n");
    expect(read).toMatchObject({
      turns: 1,
      messages: [{ role: "assistant", content: "Echo: Where is o-7?" }],
    });
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain("has no agent step named first");
  });
});
