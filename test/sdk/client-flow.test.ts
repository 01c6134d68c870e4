import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CreateWorkflowDefinitionInput,
  createWeftClient,
  type WeftClient,
  WeftError,
} from "../../sdk/src/index";
import { serveTestApp } from "../helpers/http-service";

const REVIEW: CreateWorkflowDefinitionInput = {
  name: "review",
  version: "1",
  steps: [
    {
      type: "task",
      name: "draft",
      handler: "set_state",
      config: { values: { draft: { text: "Hi {{input.name}}" } } },
    },
    { type: "wait", name: "pause", durationMs: 200 },
    { type: "approval", name: "check", contentKey: "draft", prompt: "Send this?" },
  ],
};

let url: string;
let weft: WeftClient;

beforeAll(async () => {
  ({ url } = await serveTestApp());
  const anonymous = createWeftClient({ baseUrl: url });
  const email = `sdk-${randomBytes(4).toString("hex")}@example.com`;
  const { data } = await anonymous.api.POST("/v1/dashboard-auth/signup", {
    body: { email, password: "correct horse battery", workspaceName: "Acme" },
  });
  if (!data) throw new Error("sign-up failed");
  weft = createWeftClient({ baseUrl: url, apiKey: data.data.apiKey.key });
});

describe("the client (weft-workflows) against the service over HTTP", () => {
  it("creates a definition, starts a run, approves it with an edit and sees it completed", async () => {
    const { data: created } = await weft.api.POST("/v1/workflow-definitions", { body: REVIEW });
    const definitionId = created?.data.id ?? "";

    const paused = await weft.startAndWait({ definitionId, input: { name: "Ada" } }, { until: ["PAUSED"] });
    const approval = await weft.waitForApproval(paused.id);
    const decided = await weft.approve(approval.id, {
      editedContent: { text: "Hello Ada" },
      comment: "warmer",
    });
    const done = await weft.waitForRun(paused.id);

    expect(approval.content).toEqual({ text: "Hi Ada" });
    expect(decided.decision).toBe("edited");
    expect(done.status).toBe("COMPLETED");
    expect(done.output).toEqual(expect.objectContaining({ draft: { text: "Hello Ada" } }));
    expect(done.steps.map((step) => [step.stepName, step.status])).toEqual([
      ["draft", "COMPLETED"],
      ["pause", "COMPLETED"],
      ["check", "COMPLETED"],
    ]);
  });

  it("throws a WeftError with the API's code and status when the run does not exist", async () => {
    const error = await weft.getRun("run_missing").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(WeftError);
    expect(error).toMatchObject({ code: "NOT_FOUND", status: 404 });
  });

  it("delivers a signal to the step waiting for it when sent with signal()", async () => {
    const { data } = await weft.api.POST("/v1/workflow-definitions", {
      body: {
        name: "wait-for-pay",
        version: "1",
        steps: [{ type: "external_event", name: "paid", signalType: "payment" }],
      },
    });
    const run = await weft.startAndWait({ definitionId: data?.data.id ?? "" }, { until: ["WAITING"] });

    const sent = await weft.signal(run.id, "payment", { amount: 12 });
    const done = await weft.waitForRun(run.id);

    expect(sent.status).toBe("delivered");
    expect(done.status).toBe("COMPLETED");
  });

  it("walks every page of a list when iterated with pages()", async () => {
    const { data } = await weft.api.POST("/v1/workflow-definitions", { body: REVIEW });
    const definitionId = data?.data.id ?? "";
    for (let i = 0; i < 5; i++) await weft.api.POST("/v1/workflow-runs", { body: { definitionId } });

    const ids: string[] = [];
    for await (const run of weft.pages((page) =>
      weft.api.GET("/v1/workflow-runs", { params: { query: { definitionId, page, pageSize: 2 } } }),
    )) {
      ids.push(run.id);
    }

    expect(new Set(ids).size).toBe(5);
  });
});
