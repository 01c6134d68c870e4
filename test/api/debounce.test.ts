import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { expectData, expectError, issuePaths } from "../helpers/requests";
import { allEvents, createDefinition, listRuns, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/** Debounce (docs/triggers.md, "Debounce and supersession modes"), over HTTP on DynamoDB Local. */

const PERIOD_MS = 1500;
const steps = [{ type: "task", name: "work", handler: "noop" }];

let t: TestApp;
let a: SignedUp;
let definitionId: string;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" }, { realTime: true });
  a = await signUp(t);
  ({ id: definitionId } = await createDefinition(t.request, a.apiKey, steps, "debounced"));
});

const debounce = { key: "{{input.customerId}}", periodMs: PERIOD_MS };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function create(body: Record<string, unknown>): Promise<Response> {
  return t.request("POST", "/v1/workflow-runs", { body, headers: withKey(a.apiKey) });
}

async function runsOf(definition: string): Promise<RunBody[]> {
  const page = await listRuns(t.request, a.apiKey, { definitionId: definition, pageSize: 100 });
  return page.data;
}

describe("debounce", () => {
  it("collapses 10 creations in a second into one run, which starts once, with the last input", async () => {
    const customerId = `cus-${randomBytes(3).toString("hex")}`;
    const answers: { status: number; run: RunBody }[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await create({ definitionId, input: { customerId, n: i }, debounce });
      answers.push({ status: response.status, run: await expectData<RunBody>(response, response.status) });
      await sleep(100);
    }

    const [first, ...rest] = answers;
    expect(first?.status).toBe(201);
    expect(rest.map((answer) => answer.status)).toEqual(Array(9).fill(200));
    const runId = first?.run.id;
    expect(answers.every((answer) => answer.run.id === runId)).toBe(true);
    expect(answers.map((answer) => answer.run.debounce?.creations)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const last = answers[9]?.run;
    expect(last).toMatchObject({ status: "PENDING", waitingFor: "debounce", input: { customerId, n: 9 } });
    expect(last?.debounce).toMatchObject({ key: customerId, periodMs: PERIOD_MS });
    expect(Date.parse(last?.debounce?.startsAt ?? "")).toBeGreaterThan(Date.now());

    const done = await waitForRun(t.request, a.apiKey, runId ?? "", withStatus("COMPLETED"));
    expect(done.input).toEqual({ customerId, n: 9 });
    expect(done.waitingFor).toBeUndefined();
    expect(done.debounce).toBeUndefined();
    const started = (await allEvents(t.request, a.apiKey, runId ?? "")).filter(
      (event) => event.eventType === "WORKFLOW_STARTED",
    );
    expect(started.map((event) => event.payload)).toEqual([{ definitionId, input: { customerId, n: 9 } }]);
    // The run started no earlier than a quiet period after the last creation.
    expect(Date.parse(started[0]?.createdAt ?? "")).toBeGreaterThanOrEqual(
      Date.parse(last?.updatedAt ?? "") + PERIOD_MS,
    );
    const mine = (await runsOf(definitionId)).filter((run) => run.input.customerId === customerId);
    expect(mine.map((run) => run.id)).toEqual([runId]);
  });

  it("keeps keys apart, and opens a new window for a creation after the run started", async () => {
    const [x, y] = [`cus-x-${randomBytes(3).toString("hex")}`, `cus-y-${randomBytes(3).toString("hex")}`];
    const firstX = await expectData<RunBody>(
      await create({ definitionId, input: { customerId: x }, debounce }),
      201,
    );
    const firstY = await expectData<RunBody>(
      await create({ definitionId, input: { customerId: y }, debounce }),
      201,
    );
    expect(firstY.id).not.toBe(firstX.id);
    await waitForRun(t.request, a.apiKey, firstX.id, withStatus("COMPLETED"));

    const again = await expectData<RunBody>(
      await create({ definitionId, input: { customerId: x }, debounce }),
      201,
    );
    expect(again.id).not.toBe(firstX.id);
    expect(again.debounce?.creations).toBe(1);
    await waitForRun(t.request, a.apiKey, again.id, withStatus("COMPLETED"));
  });

  it("keeps idempotency keys: a repeat answers the run it joined, even after it started", async () => {
    const customerId = `cus-${randomBytes(3).toString("hex")}`;
    const opened = await expectData<RunBody>(
      await create({ definitionId, input: { customerId, n: 1 }, debounce }),
      201,
    );
    const body = {
      definitionId,
      input: { customerId, n: 2 },
      debounce,
      idempotencyKey: `idem-${customerId}`,
    };
    const joined = await expectData<RunBody>(await create(body), 200);
    expect(joined).toMatchObject({ id: opened.id, debounce: { creations: 2 }, input: { n: 2 } });
    const repeated = await expectData<RunBody>(await create(body), 200);
    expect(repeated).toMatchObject({ id: opened.id, debounce: { creations: 2 } });

    await waitForRun(t.request, a.apiKey, opened.id, withStatus("COMPLETED"));
    const late = await expectData<RunBody>(await create(body), 200);
    expect(late.id).toBe(opened.id);
    expect((await runsOf(definitionId)).filter((run) => run.input.customerId === customerId)).toHaveLength(1);
  });

  it("takes the definition's debounce when the creation has none", async () => {
    const { id } = await expectData<{ id: string }>(
      await t.request("POST", "/v1/workflow-definitions", {
        body: { name: "debounced-by-definition", version: "1", steps, debounce },
        headers: withKey(a.apiKey),
      }),
      201,
    );
    const first = await expectData<RunBody>(
      await create({ definitionId: id, input: { customerId: "c1" } }),
      201,
    );
    const second = await expectData<RunBody>(
      await create({ definitionId: id, input: { customerId: "c1" } }),
      200,
    );
    expect(second).toMatchObject({ id: first.id, debounce: { key: "c1", creations: 2 } });
    await waitForRun(t.request, a.apiKey, first.id, withStatus("COMPLETED"));
  });

  it("refuses a period out of bounds and a key that renders empty, writing nothing", async () => {
    for (const periodMs of [999, 86_400_001]) {
      const response = await create({
        definitionId,
        input: { customerId: "c" },
        debounce: { ...debounce, periodMs },
      });
      expect(issuePaths(await expectError(response, 400, "VALIDATION_ERROR"))).toContain("debounce.periodMs");
    }
    const empty = await create({ definitionId, input: { other: 1 }, debounce });
    expect(issuePaths(await expectError(empty, 400, "VALIDATION_ERROR"))).toEqual(["debounce.key"]);
    const long = await create({ definitionId, input: { customerId: "x".repeat(256) }, debounce });
    expect(issuePaths(await expectError(long, 400, "VALIDATION_ERROR"))).toEqual(["debounce.key"]);
    expect((await runsOf(definitionId)).some((run) => run.input.other === 1)).toBe(false);
  });
});
