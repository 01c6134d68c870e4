import { expect, it } from "vitest";
import { fromRunItem, runItem } from "../../../core/adapters/dynamodb/runs/run-items";
import { compressJson, decompressJson } from "../../../core/adapters/dynamodb/table/compressed-json";

/** A run item's body as the code before RunRecord.signals wrote it: the signals in two fields of their own. */
const BODY_BEFORE = {
  definitionId: "def_a",
  input: {},
  idempotencyKey: null,
  supersessionKey: null,
  createdAt: "2030-01-01T00:00:00.000Z",
  status: "RUNNING",
  output: null,
  updatedAt: "2030-01-01T00:01:00.000Z",
  state: { input: {} },
  eventSeq: 3,
  stepRunSeq: 1,
  stepsExecuted: 1,
  nextStepName: null,
  startedAtMs: null,
  seq: 1,
  defSeq: 1,
  signalInbox: [
    { id: "sig-1", signalType: "later", payload: { n: 1 }, receivedAt: "2030-01-01T00:00:30.000Z" },
  ],
  signalIds: ["sig-1"],
  active: null,
};
const item = { pk: "WS#wsp_1#RUN#run_1", sk: "RUN", version: 3, body: compressJson(BODY_BEFORE) };

it("reads an item's signalInbox and signalIds as the record's signals, and writes them back where they were", () => {
  const run = fromRunItem(item);
  expect(run.signals).toEqual({ inbox: BODY_BEFORE.signalInbox, ids: ["sig-1"] });
  expect(run).not.toHaveProperty("signalInbox");
  expect(run).not.toHaveProperty("signalIds");

  const body = decompressJson(runItem(run).body as Uint8Array);
  expect(body).toEqual(BODY_BEFORE);
});

it("gives a run without signals no signals field, and its item none of the two", () => {
  const { signalInbox: _inbox, signalIds: _ids, ...without } = BODY_BEFORE;
  const run = fromRunItem({ ...item, body: compressJson(without) });
  expect(run).not.toHaveProperty("signals");
  expect(decompressJson(runItem(run).body as Uint8Array)).toEqual(without);
});
