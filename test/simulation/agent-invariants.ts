/**
 * The agent step's promises (docs/agents.md, issue 34): every turn and every turn's tool calls committed on
 * their own, so that
 * - a tool call is made only for a turn whose tool results were not yet committed when the worker decided
 *   to make it (a repeat, always with the call's one key, follows a crash or a lost lease);
 * - a transcript holds its turns in order, none missing or repeated: each answer with tool calls followed
 *   by one result per call, in order, the last answer without any, and as many answers as committed turns;
 *   every result is the tool's answer to that call's key (or the error of a call that failed);
 * - an agent's totals are the sum of the model calls its units committed, each unit's counted once.
 */

import type { MemoryRunsDump } from "../../core/adapters/memory/runs-store";
import { roundUsd } from "../../core/domain/cost-record";
import type { LlmMessage } from "../../core/domain/llm-call";
import { StepRunStatus } from "../../core/domain/statuses";
import { readTranscript, transcriptOf } from "../../core/llm/agent-transcript";
import type { BlobStore } from "../../core/ports/blob-store";
import type { Write } from "./history";
import type { Evidence, Flag } from "./invariants";

/** An agent step run that completed, or is still the run's active step, with its committed transcript. */
export interface AgentTranscript {
  runId: string;
  stepRunId: string;
  completed: boolean;
  turns: number;
  messages: LlmMessage[];
  totals: { inputTokens: number; outputTokens: number; costUsd: number };
}

/**
 * Read before the checks, which are synchronous: the transcripts of the agent step runs the drain left, as
 * the API reads them. A rerun's copy is its source's, checked there.
 */
export async function agentTranscripts(dump: MemoryRunsDump, blobs: BlobStore): Promise<AgentTranscript[]> {
  const found: AgentTranscript[] = [];
  for (const { run, history } of dump.runs) {
    const stepRuns = run.active ? [...history.stepRuns, run.active.stepRun] : history.stepRuns;
    for (const stepRun of stepRuns) {
      if (stepRun.stepType !== "agent" || stepRun.copiedFrom) continue;
      const where = transcriptOf(run, stepRun);
      if (!where) continue;
      const { messages } = await readTranscript(blobs, where.runKey, where.place);
      const active = run.active?.stepRun.id === stepRun.id ? run.active.agent : undefined;
      const output = stepRun.output ?? {};
      const number = (value: unknown) => (typeof value === "number" ? value : 0);
      found.push({
        runId: run.id,
        stepRunId: stepRun.id,
        completed: stepRun.status === StepRunStatus.Completed,
        turns: where.turns,
        messages,
        totals: {
          inputTokens: active?.inputTokens ?? number(output.inputTokens),
          outputTokens: active?.outputTokens ?? number(output.outputTokens),
          costUsd: active?.costUsd ?? number(output.costUsd),
        },
      });
    }
  }
  return found;
}

/**
 * When the tool results of a turn were first committed, or the step run ended: a call decided later is
 * wrong. While the step run is active its progress says (a failed attempt that will be retried keeps it);
 * once it is not, a final status does.
 */
function turnFinishedAt(writes: readonly Write[], stepRunId: string, turn: number): number | undefined {
  for (const write of writes) {
    const agent = write.agent?.stepRunId === stepRunId ? write.agent : undefined;
    if (agent) {
      if (agent.turns > turn || (agent.turns === turn && !agent.toolsPending)) return write.at;
      continue;
    }
    const ended = write.stepRuns.find((stepRun) => stepRun.id === stepRunId);
    if (ended && ended.status !== StepRunStatus.Running && write.activeStepRunId !== stepRunId)
      return write.at;
  }
  return undefined;
}

export function agentToolCallsOnlyForUnfinishedTurns({ writes, toolCalls }: Evidence, flag: Flag): void {
  for (const call of toolCalls) {
    const finishedAt = turnFinishedAt(writes, call.stepRunId, call.turn);
    if (finishedAt !== undefined && finishedAt <= call.decidedAt) {
      const runId = writes.find((write) => write.agent?.stepRunId === call.stepRunId)?.runId ?? null;
      flag(
        "agent tool calls only for unfinished turns",
        runId,
        `${call.actor} called ${call.key} at #${call.at}, deciding at #${call.decidedAt}, after turn ${call.turn}'s results were committed at #${finishedAt}`,
      );
    }
  }
}

/** What is wrong with a transcript's order, or nothing. */
function transcriptFault(transcript: AgentTranscript, keysCalled: ReadonlySet<string>): string | undefined {
  const { messages } = transcript;
  let turn = 0;
  for (let at = 0; at < messages.length; ) {
    const answer = messages[at];
    if (answer?.role !== "assistant") return `message ${at} is a ${answer?.role} where an answer belongs`;
    turn += 1;
    at += 1;
    const calls = answer.toolCalls ?? [];
    // A step that ended while its last turn's tools were due has that turn's answer alone at the end.
    if (calls.length > 0 && at === messages.length && !transcript.completed) break;
    for (const [index, call] of calls.entries()) {
      const result = messages[at];
      if (result?.role !== "tool" || result.toolCallId !== call.id)
        return `turn ${turn}'s call ${index + 1} has no result in its place`;
      // The tool answers with the key it was called with (agent-tools.ts); a failed call leaves an error.
      const key = `${transcript.stepRunId}:${turn}:${index + 1}`;
      const answered = result.content === JSON.stringify({ found: key });
      if (!answered && !result.content.startsWith('{"error":'))
        return `turn ${turn}'s call ${index + 1} has the result ${result.content}, not ${key}'s`;
      if (answered && !keysCalled.has(key))
        return `turn ${turn}'s call ${index + 1} has ${key}'s answer, but ${key} never reached the tool`;
      at += 1;
    }
    // An answer sent back for repair (outputSchema) is followed by the request to fix it, then the next turn.
    if (calls.length === 0 && messages[at]?.role === "user") at += 1;
    else if (calls.length === 0 && at < messages.length)
      return `turn ${turn} answered without tools, yet more follows`;
  }
  if (turn !== transcript.turns)
    return `${transcript.turns} turns committed, ${turn} answers in the transcript`;
  const last = messages.at(-1);
  if (transcript.completed && (last?.role !== "assistant" || (last.toolCalls?.length ?? 0) > 0))
    return "completed without a final answer free of tool calls";
  return undefined;
}

export function agentTranscriptsWhole(evidence: Evidence, flag: Flag): void {
  const keysCalled = new Set(evidence.toolCalls.map((call) => call.key));
  for (const transcript of evidence.agentTranscripts) {
    const fault = transcriptFault(transcript, keysCalled);
    if (fault) flag("agent transcripts whole", transcript.runId, `${transcript.stepRunId}: ${fault}`);
  }
}

/** The events of the commits that moved the agent on (a new transcript) or completed it, by seq. */
function unitEventSeqs(writes: readonly Write[], transcript: AgentTranscript): Set<number> {
  const seqs = new Set<number>();
  let last = "";
  for (const write of writes) {
    if (write.runId !== transcript.runId) continue;
    const moved = write.agent?.stepRunId === transcript.stepRunId && write.agent.transcript !== last;
    const completed = write.stepRuns.some(
      (stepRun) => stepRun.id === transcript.stepRunId && stepRun.status === StepRunStatus.Completed,
    );
    if (moved) last = write.agent?.transcript ?? last;
    if (moved || completed) for (const event of write.events) seqs.add(event.seq);
    if (completed) break;
  }
  return seqs;
}

/** A completed agent's totals are the sum of the model calls its units committed, each unit's once. */
export function agentTotalsAddUp({ writes, dump, agentTranscripts }: Evidence, flag: Flag): void {
  for (const transcript of agentTranscripts) {
    if (!transcript.completed) continue;
    const seqs = unitEventSeqs(writes, transcript);
    const events = dump.runs.find(({ run }) => run.id === transcript.runId)?.history.events ?? [];
    const sum = { inputTokens: 0, outputTokens: 0, costUsd: 0 };
    for (const event of events) {
      if (event.eventType !== "LLM_CALL_COMPLETED" || event.stepRunId !== transcript.stepRunId) continue;
      if (!seqs.has(event.seq)) continue;
      const payload = event.payload as { inputTokens: number; outputTokens: number; costUsd: number };
      sum.inputTokens += payload.inputTokens;
      sum.outputTokens += payload.outputTokens;
      sum.costUsd = roundUsd(sum.costUsd + payload.costUsd);
    }
    const { totals } = transcript;
    if (
      sum.inputTokens !== totals.inputTokens ||
      sum.outputTokens !== totals.outputTokens ||
      Math.abs(sum.costUsd - totals.costUsd) > 1e-9
    ) {
      flag(
        "agent totals add up",
        transcript.runId,
        `${transcript.stepRunId} totals ${JSON.stringify(totals)}, its units' calls ${JSON.stringify(sum)}`,
      );
    }
  }
}
