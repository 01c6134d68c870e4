import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, inject, it } from "vitest";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { keys } from "../../core/adapters/dynamodb/table/keys";
import { type SignedUp, signUp } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { createDefinition, listRuns, startRun } from "../helpers/runs";
import { expectListed, resume, setUpLiveStatusLists, t } from "./live-status-lists-fixtures";

/**
 * Status lists of live runs: run items written before live runs had their own index, which still carry a
 * live status entry of their own until their next commit, listed once among the others all the same.
 */
setUpLiveStatusLists();

describe("a run item written before live runs had their own index", () => {
  const documents = () =>
    createDocumentClient(createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") }));

  /** Gives the run item the index entry it had before: its live status's own gsi3 partition (and, with `both`, keeps the new one, as while the index catches up). */
  async function toOldLayout(ws: SignedUp, runId: string, status: string, both = false): Promise<void> {
    const db = documents();
    const key = keys.run(ws.workspaceId, runId);
    const { Item } = await db.send(new GetCommand({ TableName: t.deps.config.TABLE_NAME, Key: key }));
    expect(Item?.gsi6pk).toBe(`WS#${ws.workspaceId}#LIVE`);
    await db.send(
      new UpdateCommand({
        TableName: t.deps.config.TABLE_NAME,
        Key: key,
        UpdateExpression: `SET gsi3pk = :old, gsi3sk = :position${both ? "" : " REMOVE gsi6pk, gsi6sk, live"}`,
        ExpressionAttributeValues: {
          ":old": `WS#${ws.workspaceId}#STATUS#${status}`,
          ":position": Item?.gsi6sk,
        },
      }),
    );
  }

  async function storedIndexKeys(ws: SignedUp, runId: string) {
    const { Item } = await documents().send(
      new GetCommand({ TableName: t.deps.config.TABLE_NAME, Key: keys.run(ws.workspaceId, runId) }),
    );
    return { gsi3pk: Item?.gsi3pk, gsi6pk: Item?.gsi6pk, live: Item?.live };
  }

  it("is listed under its live status among the others until its next commit, and then once", async () => {
    const ws = await signUp(t);
    const steps = [
      { type: "external_event", name: "first", signalType: "go" },
      { type: "external_event", name: "second", signalType: "again" },
    ];
    const definition = await createDefinition(t.request, ws.apiKey, steps, "two-waits");
    const runs: RunBody[] = [];
    for (let i = 0; i < 3; i++)
      runs.push(await startRun(t.request, ws.apiKey, { definitionId: definition.id }));
    await t.idle();
    const [oldest, old, newest] = runs;
    if (!oldest || !old || !newest) throw new Error("runs not created");
    await toOldLayout(ws, old.id, "WAITING");
    await toOldLayout(ws, oldest.id, "WAITING", true);

    // Merged by number with the live runs' index: each run once, newest first, the total exact.
    expectListed(await listRuns(t.request, ws.apiKey, { status: "WAITING" }), [newest.id, old.id, oldest.id]);
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "WAITING", pageSize: 1, page: 2 }),
      [old.id],
      3,
    );
    expectListed(
      await listRuns(t.request, ws.apiKey, { status: "WAITING", definitionId: definition.id, pageSize: 2 }),
      [newest.id, old.id],
      3,
    );
    expectListed(await listRuns(t.request, ws.apiKey, { status: "WAITING", createdAfter: old.createdAt }), [
      newest.id,
      old.id,
    ]);

    // Its next commit (the signal, then the second wait) writes it in the new layout: listed once.
    await resume(ws.apiKey, old.id);
    await t.idle();
    expect(await storedIndexKeys(ws, old.id)).toEqual({
      gsi3pk: undefined,
      gsi6pk: `WS#${ws.workspaceId}#LIVE`,
      live: "WAITING",
    });
    expectListed(await listRuns(t.request, ws.apiKey, { status: "WAITING" }), [newest.id, old.id, oldest.id]);

    await resume(ws.apiKey, old.id, "again");
    await resume(ws.apiKey, oldest.id);
    await t.idle();
    expectListed(await listRuns(t.request, ws.apiKey, { status: "WAITING" }), [newest.id, oldest.id]);
    expectListed(await listRuns(t.request, ws.apiKey, { status: "COMPLETED" }), [old.id]);
    expect(await storedIndexKeys(ws, old.id)).toEqual({
      gsi3pk: `WS#${ws.workspaceId}#STATUS#COMPLETED`,
      gsi6pk: `WS#${ws.workspaceId}#DEF#${definition.id}#ENDED#COMPLETED`,
      live: undefined,
    });
  });
});
