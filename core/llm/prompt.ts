import type { LlmMessage } from "../domain/llm-call";
import type { LlmMessage as StepMessage } from "../domain/llm-step";
import { renderTemplate, type TemplateScope } from "../steps/template";

export interface RenderedPrompt {
  system?: string;
  messages: LlmMessage[];
}

/**
 * Fills the placeholders of `systemPrompt` and of every message (spec 2.4 rule 1) from the run input and
 * the state. A placeholder that is a whole message and names an object is written as JSON. Messages with
 * role `system` join the system prompt, in order, since the providers take one system text.
 *
 * A step with only a systemPrompt has no conversation to answer; every provider needs at least one user
 * turn, so the prompt is then sent as that user turn.
 */
export function renderPrompt(
  step: {
    systemPrompt?: string | undefined;
    /** An agent's name for its system prompt (docs/agents.md); a step has one or the other. */
    instructions?: string | undefined;
    messages?: readonly StepMessage[] | undefined;
  },
  scope: TemplateScope,
): RenderedPrompt {
  const systemParts: string[] = [];
  const system = step.systemPrompt ?? step.instructions;
  if (system !== undefined) systemParts.push(renderText(system, scope));
  const messages: LlmMessage[] = [];
  for (const message of step.messages ?? []) {
    const content = renderText(message.content, scope);
    if (message.role === "system") systemParts.push(content);
    else messages.push({ role: message.role, content });
  }
  const joined = systemParts.length > 0 ? systemParts.join("\n\n") : undefined;
  if (messages.length === 0) return { messages: [{ role: "user", content: joined ?? "" }] };
  return joined === undefined ? { messages } : { system: joined, messages };
}

function renderText(text: string, scope: TemplateScope): string {
  const rendered = renderTemplate(text, scope);
  if (typeof rendered === "string") return rendered;
  return JSON.stringify(rendered) ?? "";
}
