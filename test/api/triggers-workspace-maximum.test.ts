import { describe, expect, it } from "vitest";
import { signUp } from "../helpers/accounts";
import { expectData, expectError } from "../helpers/requests";
import { createDefinition } from "../helpers/runs";
import { call, createTrigger, MAX_TRIGGERS, setUpTriggers, type TriggerBody, t } from "./triggers-fixtures";

/**
 * The maximum number of triggers per workspace (MAX_TRIGGERS_PER_WORKSPACE): 429 past it, and a place
 * freed when a trigger is deleted.
 */
setUpTriggers();

describe("the triggers quota", () => {
  it("answers 429 with Retry-After and the quota's name past the maximum, and frees a place on delete", async () => {
    const b = await signUp(t);
    const definition = (
      await createDefinition(t.request, b.apiKey, [{ type: "task", name: "a", handler: "noop" }])
    ).id;
    const made: TriggerBody[] = [];
    for (let i = 0; i < MAX_TRIGGERS; i++)
      made.push(
        await createTrigger({ type: "event", definitionId: definition, eventName: `e${i}` }, b.apiKey),
      );

    const refused = await call(
      "POST",
      "/v1/triggers",
      { type: "cron", definitionId: definition, cron: "* * * * *" },
      b.apiKey,
    );
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const error = await expectError(refused, 429, "RATE_LIMIT_ERROR");
    expect(error.message).toContain("maximum triggers per workspace");
    expect(
      await expectData<TriggerBody[]>(await call("GET", "/v1/triggers", undefined, b.apiKey), 200),
    ).toHaveLength(MAX_TRIGGERS);

    await expectData(await call("DELETE", `/v1/triggers/${made[0]?.id}`, undefined, b.apiKey), 200);
    await createTrigger({ type: "event", definitionId: definition, eventName: "again" }, b.apiKey);
  });
});
