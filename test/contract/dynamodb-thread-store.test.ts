import { randomBytes } from "node:crypto";
import { expect, inject, it } from "vitest";
import { createStore } from "../../core/adapters/dynamodb/store";
import { ensureTable } from "../../core/adapters/dynamodb/table/create-table";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { type NewThreadMessage, THREAD_MESSAGES_MAX } from "../../core/domain/thread";

/**
 * The thread store on DynamoDB Local (docs/agents.md, "Threads"): a step run's messages are added once however
 * often its unit repeats, writers that meet on one thread never take one place, and a full thread takes none.
 */
const dynamo = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
const NOW = "2026-11-29T06:00:00.000Z";

const said = (content: string): NewThreadMessage => ({
  role: "user",
  content,
  runId: "run_1",
  stepName: "chat",
  createdAt: NOW,
});

it("adds a step run's messages once, in place order under concurrent writers, and none past the bound", async () => {
  const name = `test-${randomBytes(6).toString("hex")}`;
  await ensureTable(dynamo, name);
  const { threads } = createStore({ client: createDocumentClient(dynamo), name });

  expect(await threads.append("wsp_a", "t", "stp_1", [said("a1"), said("a2")], NOW)).toEqual({
    kind: "appended",
    size: 2,
  });
  // The same step run again (its unit repeated after a crash): nothing more.
  expect(await threads.append("wsp_a", "t", "stp_1", [said("again")], NOW)).toEqual({ kind: "already" });
  expect(await threads.size("wsp_a", "t")).toBe(2);

  // Eight step runs at once: each lands whole, every place taken once.
  const outcomes = await Promise.all(
    Array.from({ length: 8 }, (_, n) => threads.append("wsp_a", "t", `stp_c${n}`, [said(`c${n}`)], NOW)),
  );
  expect(outcomes.every((outcome) => outcome.kind === "appended")).toBe(true);
  const all = await threads.range("wsp_a", "t", 1, 10);
  expect(all.map((message) => message.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect(new Set(all.slice(2).map((message) => message.content)).size).toBe(8);
  expect(await threads.size("wsp_b", "t")).toBe(0);

  const tooMany = Array.from({ length: THREAD_MESSAGES_MAX - 9 }, (_, n) => said(`m${n}`));
  expect(await threads.append("wsp_a", "t", "stp_big", tooMany, NOW)).toEqual({ kind: "full", size: 10 });
  expect(await threads.size("wsp_a", "t")).toBe(10);

  expect(await threads.delete("wsp_a", "t")).toBe(true);
  expect(await threads.size("wsp_a", "t")).toBe(0);
  expect(await threads.range("wsp_a", "t", 1, 10)).toEqual([]);
  expect(await threads.delete("wsp_a", "t")).toBe(false);
});
