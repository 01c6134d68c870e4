/**
 * The remote tool that agent steps call in the simulation: every call is recorded with its key (the call id
 * `<stepRunId>:<turn>:<n>`, docs/agents.md) and with what the worker knew when it decided to make it, and
 * answered, or not, as the seed says. The invariants read the record as they read the http handler's.
 */
import type { CallTool, ToolCallResult } from "../../core/remote-tools/call-remote-tool";
import type { CallableTool, FindTool } from "../../core/remote-tools/find-tool";
import type { HttpChaos } from "./http-recorder";
import type { Actor, Interleaver } from "./interleaver";
import type { Random } from "./random";

export const SIM_TOOL = "lookup";

export interface RecordedToolCall {
  key: string;
  stepRunId: string;
  /** The committed turn whose calls these are. */
  turn: number;
  at: number;
  decidedAt: number;
  actor: string;
}

const TOOL: CallableTool = {
  id: "tool_lookup",
  name: SIM_TOOL,
  url: "https://tools.example/lookup",
  timeoutMs: 10_000,
  secret: "simulation",
};

export class ToolRecorder {
  readonly calls: RecordedToolCall[] = [];

  constructor(
    private readonly random: Random,
    private readonly chaos: HttpChaos,
  ) {}

  readonly find: FindTool = async (_workspaceId, name) => (name === SIM_TOOL ? TOOL : undefined);

  /** The tool as one actor reaches it: each call a gate of the actor's, so it may die before or after. */
  callerFor(inter: Interleaver, actor: Actor): CallTool {
    return (_tool, request) =>
      inter.call(actor, "tool.call", async (): Promise<ToolCallResult> => {
        const [stepRunId = "", turn = "0"] = request.callId.split(":");
        this.calls.push({
          key: request.callId,
          stepRunId,
          turn: Number(turn),
          at: inter.time,
          decidedAt: actor.lastStoreAnswerAt,
          actor: actor.name,
        });
        if (this.random.chance(this.chaos.failureRate))
          return { ok: false, error: "The tool did not answer", durationMs: 0 };
        return { ok: true, result: { found: request.callId }, durationMs: 0 };
      });
  }
}
