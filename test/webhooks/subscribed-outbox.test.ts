import { beforeAll, describe, expect, it } from "vitest";
import type { RunChange } from "../../core/ports/store";
import { noop, startReceiver, type WebhookHarness, webhookHarness } from "./harness";

/**
 * A commit writes the run-event outbox only for events a webhook of the workspace takes (docs/webhooks.md,
 * "How it works"): a workspace whose webhook takes only approvals pays nothing for a run's end, and pays it
 * once a webhook takes workflow.completed.
 */
let h: WebhookHarness;

beforeAll(async () => {
  h = await webhookHarness();
});

describe("the run-event outbox", () => {
  it("is written only for the events a webhook of the workspace is subscribed to", async () => {
    const announced: string[][] = [];
    const commit = h.t.deps.store.runs.commit;
    h.t.deps.store.runs.commit = (change: RunChange) => {
      if (change.commit.announced) announced.push(change.commit.events.map((event) => event.eventType));
      return commit(change);
    };
    try {
      const receiver = await startReceiver();
      await h.register(receiver.url, ["approval.requested"]);
      const quiet = await h.run([noop("only")]);
      await h.waitForRun(quiet, ["COMPLETED"]);
      expect(announced).toEqual([]);

      await h.register(receiver.url, ["workflow.completed"]);
      const told = await h.run([noop("only")]);
      await h.waitForRun(told, ["COMPLETED"]);
      expect(announced.flat()).toContain("WORKFLOW_COMPLETED");
    } finally {
      h.t.deps.store.runs.commit = commit;
    }
  });
});
