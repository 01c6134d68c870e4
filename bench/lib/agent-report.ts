import { firstCallPerTurn, flatness, turnFigures, type WindowFigures, windowFigures } from "./agent-figures";
import type { ModelCallSeen, ToolCallSeen } from "./agent-servers";
import { round } from "./stats";

export interface AgentObserved {
  status: string;
  elapsedMs: number;
  toolCalls: readonly ToolCallSeen[];
  modelCalls: readonly ModelCallSeen[];
}

export interface AgentFigures {
  turns: number;
  window: number;
  status: string;
  elapsedSeconds: number;
  toolCalls: number;
  /** Tool calls beyond one per turn: a unit repeated (none is expected in a run without crashes). */
  repeatedToolCalls: number;
  modelCalls: number;
  /** What the last model call sent: the conversation, which grows with every turn. */
  lastModelRequestBytes: number;
  start: WindowFigures;
  end: WindowFigures;
  flatness: ReturnType<typeof flatness>;
  valid: boolean;
  invalidBecause?: string;
}

export function agentFigures(options: { turns: number; window: number }, seen: AgentObserved): AgentFigures {
  const calls = firstCallPerTurn(seen.toolCalls);
  const turns = turnFigures(seen.toolCalls, seen.modelCalls);
  const start = windowFigures(turns.slice(0, options.window), calls);
  const end = windowFigures(turns.slice(-options.window), calls);
  const invalidBecause =
    seen.status !== "COMPLETED"
      ? `the run ended ${seen.status || "nowhere"} (not COMPLETED)`
      : calls.length !== options.turns
        ? `the tool was called in ${calls.length} turns, not ${options.turns}`
        : undefined;
  return {
    turns: options.turns,
    window: options.window,
    status: seen.status,
    elapsedSeconds: round(seen.elapsedMs / 1000, 1),
    toolCalls: seen.toolCalls.length,
    repeatedToolCalls: seen.toolCalls.length - calls.length,
    modelCalls: seen.modelCalls.length,
    lastModelRequestBytes: seen.modelCalls.at(-1)?.requestBytes ?? 0,
    start,
    end,
    flatness: flatness(start, end),
    valid: invalidBecause === undefined,
    ...(invalidBecause ? { invalidBecause } : {}),
  };
}

export function printAgentReport(figures: AgentFigures): void {
  const { start, end, flatness: flat } = figures;
  console.log(
    `\nRun ${figures.status} in ${figures.elapsedSeconds} s: ${figures.modelCalls} model calls, ` +
      `${figures.toolCalls} tool calls (${figures.repeatedToolCalls} repeated); ` +
      `the last model call sent ${Math.round(figures.lastModelRequestBytes / 1024)} KiB`,
  );
  console.log("\n| Turns | engine p50 ms | engine p95 ms | model p50 ms | WRU per turn |");
  console.log("|---|---:|---:|---:|---:|");
  for (const window of [start, end]) {
    console.log(
      `| ${window.from}–${window.to} | ${window.engineP50Ms} | ${window.engineP95Ms} | ${window.modelP50Ms} | ${window.wruPerTurn} |`,
    );
  }
  console.log(
    `\nEnd against start: p50 ×${flat.p50Ratio}, p95 ×${flat.p95Ratio} (bar ×1.2: ${flat.timeFlat ? "met" : "NOT met"}); ` +
      `WRU ${flat.wruDrift >= 0 ? "+" : ""}${round(flat.wruDrift * 100, 1)} % (bar ±10 %: ${flat.unitsFlat ? "met" : "NOT met"}); ` +
      `at most 6 WRU a turn: ${flat.withinUnitBudget ? "met" : "NOT met"}`,
  );
  console.log(`WRU per turn by item kind, last window: ${JSON.stringify(end.wruByKind)}`);
}
