import { expect } from "vitest";
import type { LocalService } from "../helpers/local-service";

/**
 * A dashboard account made through the sign-up API (not the page), and the public API with its first key:
 * how the browser tests that are not about sign-up begin.
 */
export async function signUpThroughApi(
  service: LocalService,
  account: { email: string; password: string; workspaceName: string },
): Promise<ReturnType<typeof publicApi> & { key: string }> {
  const signup = await fetch(`${service.url}/v1/dashboard-auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  const { data } = (await signup.json()) as { data: { apiKey: { key: string } } };
  return { ...publicApi(service, data.apiKey.key), key: data.apiKey.key };
}

/** The public API with the API key the dashboard showed at sign-up: what a customer's backend does. */
export function publicApi(service: LocalService, key: string) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${service.url}${path}`, {
      method,
      headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { success: boolean; data: T };
    expect(envelope.success, `${method} ${path}: ${JSON.stringify(envelope)}`).toBe(true);
    return envelope.data;
  }

  return {
    call,
    createDefinition: (definition: Record<string, unknown>) =>
      call<{ id: string }>("POST", "/v1/workflow-definitions", definition),
    startRun: (definitionId: string, input: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      call<{ id: string }>("POST", "/v1/workflow-runs", { definitionId, input, ...extra }),
    /** Polls the run until it reaches `status`. */
    async waitForStatus(runId: string, status: string, timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      let last = "";
      while (Date.now() < deadline) {
        last = (await call<{ status: string }>("GET", `/v1/workflow-runs/${runId}`)).status;
        if (last === status) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`run ${runId} is ${last}, not ${status}, after ${timeoutMs} ms`);
    },
  };
}

/** A definition that drafts an email with a model (JSON answer, stored as `draft`), then asks a human. */
export const WELCOME_EMAIL = {
  name: "welcome-email",
  version: "1",
  steps: [
    {
      type: "llm",
      name: "write",
      model: "gpt-4o-mini",
      systemPrompt: "You write short, friendly onboarding emails. Answer with JSON {subject, body}.",
      messages: [{ role: "user", content: "Write a welcome email to {{input.name}} of {{input.company}}." }],
      responseFormat: "json",
      outputKey: "draft",
    },
    { type: "approval", name: "review", contentKey: "draft", prompt: "Send this welcome email?" },
  ],
};

/** A model step with no approval, on another model, so the cost chart has two series. */
export const SUMMARIZE = {
  name: "summarize-ticket",
  version: "3",
  steps: [
    {
      type: "llm",
      name: "summarize",
      model: "gpt-4o",
      systemPrompt: "Summarize the ticket: {{input.ticket}}",
    },
  ],
};

export const SYNC = {
  name: "sync-crm",
  version: "1",
  steps: [{ type: "task", name: "mark", handler: "set_state", config: { values: { synced: true } } }],
};
