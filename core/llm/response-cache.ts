import { createHash } from "node:crypto";
import type { LlmResponse, ToolSpec } from "../domain/llm-call";
import type { LlmStep } from "../domain/step";
import type { CachedAnswer, LlmCacheStore } from "../ports/store";
import type { Candidate } from "./candidates";
import type { RenderedPrompt } from "./prompt";

/**
 * The llm step's response cache (`cache: {ttlMs}`, docs/llm.md): answers are kept per workspace under a
 * hash of everything that shapes the request, so only an identical request (same model and provider,
 * rendered system prompt and messages, tools, temperature, maxTokens, output format) is answered from it.
 */
export class ResponseCache {
  constructor(
    private readonly store: LlmCacheStore,
    private readonly workspaceId: string,
    private readonly step: LlmStep,
    private readonly prompt: RenderedPrompt,
    private readonly tools: readonly ToolSpec[],
  ) {}

  lookup(candidate: Candidate, nowMs: number): Promise<CachedAnswer | undefined> {
    return this.store.get(this.workspaceId, this.key(candidate), nowMs);
  }

  /** Keeps an answer that passed the step's checks, with what it cost to get. */
  keep(candidate: Candidate, response: LlmResponse, costUsd: number, nowMs: number): Promise<void> {
    const ttlMs = this.step.cache?.ttlMs ?? 0;
    return this.store.put(this.workspaceId, this.key(candidate), {
      model: candidate.model,
      provider: candidate.provider,
      response: { text: response.text, usage: response.usage, model: response.model },
      costUsd,
      expiresAtMs: nowMs + ttlMs,
    });
  }

  private key(candidate: Candidate): string {
    const { step, prompt } = this;
    const request = [
      candidate.provider,
      candidate.model,
      prompt.system ?? null,
      prompt.messages,
      this.tools,
      step.maxToolRounds > 0 ? "tools-on" : "tools-off",
      step.temperature ?? null,
      step.maxTokens ?? null,
      step.responseFormat ?? null,
      step.outputSchema ?? null,
    ];
    return createHash("sha256").update(JSON.stringify(request)).digest("hex");
  }
}
