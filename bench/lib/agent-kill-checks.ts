import type { ModelCallSeen, ToolCallSeen } from "./agent-servers";

/**
 * What 100 SIGKILLs of `npm start` during agent runs must leave (issue 34): every run completed, every turn
 * committed once, every repeated tool call sent with the key the first one had, and at most one model call
 * repeated per kill. Pure: it reads what the bench's model and tool saw and what the API answered.
 */
export interface KilledRun {
  runId: string;
  /** The run's mark in its first user turn, so the model's calls can be told apart by run. */
  mark: string;
  stepRunId: string;
  status: string;
  /** The transcript the API answered once the run ended. */
  transcript: { turns: number; messages: { role: string }[] };
}

export interface KillChecks {
  runs: number;
  completed: number;
  /** Turns present more than once, or missing, in a transcript: what a repeated commit would leave. */
  transcriptFaults: number;
  toolCalls: number;
  repeatedToolCalls: number;
  /** Keys received that are not the `<stepRunId>:<turn>:1` of a committed turn. */
  unexpectedToolKeys: number;
  /** Committed turns whose tool call never arrived. */
  missingToolKeys: number;
  modelCalls: number;
  repeatedModelCalls: number;
  /** The most model calls repeated after any one kill. */
  mostRepeatedModelCallsAfterAKill: number;
}

/** A run of `toolTurns` tool rounds: its transcript alternates answer and result, then the final answer. */
function transcriptFaults(run: KilledRun, toolTurns: number): number {
  const expected = [...Array.from({ length: toolTurns }, () => ["assistant", "tool"]).flat(), "assistant"];
  const roles = run.transcript.messages.map((message) => message.role);
  const faults = run.transcript.turns === toolTurns + 1 ? 0 : 1;
  return faults + (JSON.stringify(roles) === JSON.stringify(expected) ? 0 : 1);
}

export function killChecks(
  runs: readonly KilledRun[],
  seen: { tool: readonly ToolCallSeen[]; model: readonly ModelCallSeen[]; killedAtMs: readonly number[] },
  toolTurns: number,
): KillChecks {
  const expectedKeys = new Set(
    runs.flatMap((run) => Array.from({ length: toolTurns }, (_, at) => `${run.stepRunId}:${at + 1}:1`)),
  );
  const keysSeen = new Set(seen.tool.map((call) => call.callId));
  // A model call is the run's (by its mark) and the turn's (by the assistant turns it was sent).
  const markOf = (call: ModelCallSeen) => runs.find((run) => call.firstUserText?.includes(run.mark))?.mark;
  const calledBefore = new Set<string>();
  const repeatsAfterKill = new Array<number>(seen.killedAtMs.length + 1).fill(0);
  let repeatedModelCalls = 0;
  for (const call of [...seen.model].sort((a, b) => a.startMs - b.startMs)) {
    const key = `${markOf(call) ?? "?"}#${call.assistantTurns ?? -1}`;
    if (calledBefore.has(key)) {
      repeatedModelCalls += 1;
      const kills = seen.killedAtMs.filter((at) => at <= call.startMs).length;
      repeatsAfterKill[kills] = (repeatsAfterKill[kills] ?? 0) + 1;
    }
    calledBefore.add(key);
  }
  return {
    runs: runs.length,
    completed: runs.filter((run) => run.status === "COMPLETED").length,
    transcriptFaults: runs.reduce((sum, run) => sum + transcriptFaults(run, toolTurns), 0),
    toolCalls: seen.tool.length,
    repeatedToolCalls: seen.tool.length - keysSeen.size,
    unexpectedToolKeys: [...keysSeen].filter((key) => !expectedKeys.has(key)).length,
    missingToolKeys: [...expectedKeys].filter((key) => !keysSeen.has(key)).length,
    modelCalls: seen.model.length,
    repeatedModelCalls,
    mostRepeatedModelCallsAfterAKill: Math.max(0, ...repeatsAfterKill),
  };
}

export function killChecksPassed(checks: KillChecks): boolean {
  return (
    checks.completed === checks.runs &&
    checks.transcriptFaults === 0 &&
    checks.unexpectedToolKeys === 0 &&
    checks.missingToolKeys === 0 &&
    checks.mostRepeatedModelCallsAfterAKill <= 1
  );
}
