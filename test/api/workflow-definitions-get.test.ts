import { describe, expect, it } from "vitest";
import { signUp, withKey } from "../helpers/accounts";
import {
  allSixSteps,
  apiKey,
  createOk,
  type Definition,
  listDefinitions,
  noopStep,
  PATH,
  setUpWorkflowDefinitions,
  t,
} from "./workflow-definitions-fixtures";

/**
 * GET /v1/workflow-definitions and GET /v1/workflow-definitions/:id: a definition read back exactly as
 * created, the list's shape, and 404 NOT_FOUND for an unknown id or another workspace's definition.
 */
setUpWorkflowDefinitions();

describe("GET /v1/workflow-definitions", () => {
  it("returns the definition exactly as creation returned it when fetched by id", async () => {
    const created = await createOk({ name: "by-id", version: "2.0", steps: allSixSteps });

    const response = await t.request("GET", `${PATH}/${created.id}`, { headers: withKey(apiKey) });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: created });
  });

  it("lists the definition in a plain array with no meta when listing", async () => {
    const created = await createOk({ name: "listed", version: "1", steps: [noopStep("a")] });

    const response = await t.request("GET", PATH, { headers: withKey(apiKey) });

    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown> & { data: Definition[] };
    expect(Object.keys(body).sort()).toEqual(["data", "success"]);
    expect(body.success).toBe(true);
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.data).toContainEqual(created);
  });

  it("answers 404 NOT_FOUND when the id is unknown", async () => {
    const response = await t.request("GET", `${PATH}/def_01jzzzzzzzzzzzzzzzzzzzzzzz`, {
      headers: withKey(apiKey),
    });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      error: { code: "NOT_FOUND", message: expect.any(String) },
    });
  });

  it("answers 404 NOT_FOUND when the definition belongs to another workspace", async () => {
    const created = await createOk({ name: "private", version: "1", steps: [noopStep("a")] });
    const other = await signUp(t);

    const response = await t.request("GET", `${PATH}/${created.id}`, { headers: withKey(other.apiKey) });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      error: { code: "NOT_FOUND", message: expect.any(String) },
    });
    expect(await listDefinitions(other.apiKey)).toEqual([]);
  });
});
