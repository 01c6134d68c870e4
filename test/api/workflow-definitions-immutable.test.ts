import { describe, expect, it } from "vitest";
import { withKey } from "../helpers/accounts";
import {
  apiKey,
  createOk,
  noopStep,
  PATH,
  setUpWorkflowDefinitions,
  t,
} from "./workflow-definitions-fixtures";

/**
 * Workflow definitions cannot be changed once created: PUT, PATCH and DELETE on one answer 404 NOT_FOUND
 * and leave it as it was.
 */
setUpWorkflowDefinitions();

describe("definitions are immutable", () => {
  it.each([
    ["PUT", { name: "changed", version: "9", steps: [noopStep("z")] }],
    ["PATCH", { name: "changed" }],
    ["DELETE", undefined],
  ])("answers %s on a definition with 404 NOT_FOUND and leaves it unchanged", async (method, body) => {
    const created = await createOk({ name: "frozen", version: "1", steps: [noopStep("a")] });

    const response = await t.request(method, `${PATH}/${created.id}`, { body, headers: withKey(apiKey) });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      error: { code: "NOT_FOUND", message: expect.any(String) },
    });
    const after = await t.request("GET", `${PATH}/${created.id}`, { headers: withKey(apiKey) });
    expect(await after.json()).toEqual({ success: true, data: created });
  });
});
