import type { AttemptCost, CostCall } from "../domain/cost-record";
import type { EventPayloads } from "../domain/events";
import type { AttemptEvent } from "../domain/step-outcome";

/** One tool call as the step's output lists it. */
export interface ToolCallSummary {
  tool: string;
  ok: boolean;
  durationMs: number;
  error?: string;
}

/**
 * What one attempt of an llm step produced along the way, in order: its events (recorded by the commit
 * before STEP_COMPLETED/STEP_FAILED), a cost record per answered call, and its tool calls. Every text that
 * comes from outside (provider and tool errors) passes `scrub`, so a key that an SDK echoed in an error
 * message cannot reach an event or the step's error.
 */
export class AttemptLog {
  readonly events: AttemptEvent[] = [];
  readonly calls: CostCall[] = [];
  readonly toolCalls: ToolCallSummary[] = [];
  private readonly secrets: string[];

  constructor(
    readonly stepName: string,
    secrets: readonly string[],
  ) {
    this.secrets = secrets.filter((secret) => secret.length >= 8);
  }

  event<T extends AttemptEvent["eventType"]>(
    eventType: T,
    payload: Omit<EventPayloads[T], "stepName">,
  ): void {
    // TypeScript cannot tie T's payload to T inside the union; the signature above already does.
    this.events.push({
      eventType,
      payload: { stepName: this.stepName, ...payload },
    } as unknown as AttemptEvent);
  }

  scrub(text: string): string {
    return this.secrets.reduce((clean, secret) => clean.split(secret).join("[redacted]"), text);
  }

  totals(): { inputTokens: number; outputTokens: number; costUsd: number } {
    let inputTokens = 0;
    let outputTokens = 0;
    let costUsd = 0;
    for (const call of this.calls) {
      inputTokens += call.inputTokens;
      outputTokens += call.outputTokens;
      costUsd += call.costUsd;
    }
    return { inputTokens, outputTokens, costUsd: Math.round(costUsd * 1e9) / 1e9 };
  }

  /**
   * The attempt's cost item, or undefined when no call answered (nothing was paid for). Calls before
   * `usedFrom` (all of them unless the attempt completed) are marked wasted: their answers were not used.
   */
  cost(ids: Omit<AttemptCost, "calls">, usedFrom = Number.POSITIVE_INFINITY): AttemptCost | undefined {
    if (this.calls.length === 0) return undefined;
    const calls = this.calls.map(
      (call, index): CostCall => (index < usedFrom ? { ...call, wasted: true } : call),
    );
    return { ...ids, calls };
  }
}
