import type { Span, ToolCallSeen } from "./agent-servers";
import { percentile, round } from "./stats";
import { byPrefix, type Counts, count, since } from "./tally";

/**
 * One turn of the agent as the bench sees it: from its tool call to the next turn's, which spans the tool
 * unit's commit, the next model call and that turn's commit. The model's time (on the server) and the tool's
 * are taken out; the rest is the engine's (with the SDK and the loopback).
 */
export interface TurnFigure {
  turn: number;
  wallMs: number;
  modelMs: number;
  engineMs: number;
  writeUnits: number;
}

export interface WindowFigures {
  from: number;
  to: number;
  engineP50Ms: number;
  engineP95Ms: number;
  /** Mean write units per turn over the window. */
  wruPerTurn: number;
  modelP50Ms: number;
  /** Write units per turn by item kind (`run`, `cost-record`, `index:gsi5`...). */
  wruByKind: Counts;
}

/** The measured workload's write units; the sweeper's and API keys' touches are billed apart. */
const WORK_WRU = "work.wru";

/** The first call of each turn: a call repeated after a crash is the same turn's, not a new one. */
export function firstCallPerTurn(calls: readonly ToolCallSeen[]): ToolCallSeen[] {
  const byTurn = new Map<number, ToolCallSeen>();
  for (const call of calls) if (!byTurn.has(call.turn)) byTurn.set(call.turn, call);
  return [...byTurn.values()].sort((a, b) => a.turn - b.turn);
}

export function turnFigures(tool: readonly ToolCallSeen[], model: readonly Span[]): TurnFigure[] {
  const calls = firstCallPerTurn(tool);
  const figures: TurnFigure[] = [];
  for (let at = 0; at + 1 < calls.length; at++) {
    const call = calls[at] as ToolCallSeen;
    const next = calls[at + 1] as ToolCallSeen;
    const modelMs = model
      .filter((span) => span.startMs >= call.startMs && span.endMs <= next.startMs)
      .reduce((sum, span) => sum + span.endMs - span.startMs, 0);
    const wallMs = next.startMs - call.startMs;
    figures.push({
      turn: call.turn,
      wallMs,
      modelMs,
      engineMs: wallMs - modelMs - (call.endMs - call.startMs),
      writeUnits: count(next.billed, WORK_WRU) - count(call.billed, WORK_WRU),
    });
  }
  return figures;
}

/** A window of turns; `calls` (one per turn) give the counters at its bounds, for its units by kind. */
export function windowFigures(turns: readonly TurnFigure[], calls: readonly ToolCallSeen[]): WindowFigures {
  const at = (turn: number) => calls.find((call) => call.turn === turn)?.billed ?? {};
  const first = turns[0]?.turn ?? 0;
  const last = turns.at(-1)?.turn ?? 0;
  const byKind = byPrefix(since(at(first), at(last + 1)), `${WORK_WRU}@`);
  const sorted = (values: number[]) => values.sort((a, b) => a - b);
  const engine = sorted(turns.map((turn) => turn.engineMs));
  const model = sorted(turns.map((turn) => turn.modelMs));
  const units = turns.reduce((sum, turn) => sum + turn.writeUnits, 0);
  return {
    from: first,
    to: last,
    engineP50Ms: round(percentile(engine, 50)),
    engineP95Ms: round(percentile(engine, 95)),
    wruPerTurn: round(units / Math.max(1, turns.length)),
    modelP50Ms: round(percentile(model, 50)),
    wruByKind: Object.fromEntries(
      Object.entries(byKind).map(([kind, units]) => [kind, round(units / Math.max(1, turns.length), 3)]),
    ),
  };
}

/** Issue 34's flat-cost bar: the end within 1.2× the start in time, ±10 % in units, at most 6 WRU a turn. */
export const BARS = { timeRatio: 1.2, unitsDrift: 0.1, wruPerTurn: 6 } as const;

export function flatness(start: WindowFigures, end: WindowFigures) {
  const p50Ratio = round(end.engineP50Ms / start.engineP50Ms);
  const p95Ratio = round(end.engineP95Ms / start.engineP95Ms);
  const wruDrift = round(end.wruPerTurn / start.wruPerTurn - 1, 3);
  return {
    p50Ratio,
    p95Ratio,
    wruDrift,
    timeFlat: p50Ratio <= BARS.timeRatio && p95Ratio <= BARS.timeRatio,
    unitsFlat: Math.abs(wruDrift) <= BARS.unitsDrift,
    withinUnitBudget: Math.max(start.wruPerTurn, end.wruPerTurn) <= BARS.wruPerTurn,
  };
}
