import { sweepDueAtMs } from "../../../domain/run-due";
import type { RunHistory } from "../../../domain/run-history";
import type { RunRecord } from "../../../domain/run-record";
import { listedDefinitionId } from "../../../domain/run-revisions";
import type { RunSignals } from "../../../domain/signals";
import { compressJson, decompressJson } from "../table/compressed-json";
import { itemSizeBytes } from "../table/item-size";
import { keys } from "../table/keys";
import { packActive, packHistory, unpackActive, unpackHistory } from "./history-codec";
import { runIndexKeys } from "./run-index-keys";

/**
 * Run items ⇄ records, and a RunCommit as TransactWriteItems actions. A run item holds its keys, `version` (the
 * commit's condition) and everything else as one compressed JSON document (`body`, compressed-json.ts): the
 * item is rewritten at every commit and billed by its started kilobyte, and compressed it stays within one
 * for most runs. The active step and the kept history inside it are in the compact form of history-codec.ts.
 * JSON also keeps DynamoDB's 32-level nesting limit away from users' data.
 */
type Item = Record<string, unknown>;

/** Fields the item's key already holds, left out of its body. */
type KeyedFields = "id" | "workspaceId" | "version";

/**
 * A field of the API's run that items written before issue 33 kept in their body (always null there, the API
 * derives it from the cursor): left out when such an item is read, so its next commit no longer writes it.
 */
interface ApiDerivedFields {
  currentStepName?: unknown;
}

/** The record's `signals` as the item keeps them: two fields of the body, as before they were grouped. */
interface SignalFields {
  signalInbox?: RunSignals["inbox"];
  signalIds?: RunSignals["ids"];
}

const signalFields = (signals: RunSignals | undefined): SignalFields => ({
  ...(signals?.inbox && { signalInbox: signals.inbox }),
  ...(signals?.ids && { signalIds: signals.ids }),
});

export function runItem(run: RunRecord): Item {
  const { id, workspaceId, version, active, recent, signals, ...rest } = run;
  const counted = countedToken(run);
  const body: Item = { ...rest, ...signalFields(signals), active: active && packActive(active) };
  if (recent) body.recent = packHistory(recent);
  return {
    ...keys.run(workspaceId, id),
    entity: "WorkflowRun",
    version,
    body: compressJson(body),
    ...runIndexKeys({
      workspaceId,
      runId: id,
      // An upgraded run stays in the list (and numbering) of the definition it was created on.
      definitionId: listedDefinitionId(run),
      status: run.status,
      seq: run.seq,
      defSeq: run.defSeq,
      keySeq: run.keySeq,
      supersessionKey: run.supersessionKey,
      dueAtMs: sweepDueAtMs(run),
      parentRunId: run.parent?.runId,
    }),
    ...(counted === undefined ? {} : { counted }),
  };
}

/**
 * The count a top-level ended run is in, as a top-level attribute (`<status>#<version that counted it>`), so
 * a write can be conditional on it (commitItems).
 */
export function countedToken(run: RunRecord): string | undefined {
  const counted = run.endCounted;
  if (run.parent !== undefined || counted?.status !== run.status) return undefined;
  return `${counted.status}#${counted.version}`;
}

/** DynamoDB bills a write by the started kilobyte of the whole item, as stored (so compressed), at least one. */
const WRITE_UNIT_BYTES = 1024;

export const runWriteUnits = (run: RunRecord): number =>
  Math.max(1, Math.ceil(itemSizeBytes(runItem(run)) / WRITE_UNIT_BYTES));

export function fromRunItem(item: Item): RunRecord {
  const { workspaceId, runId } = runPartitionIds(String(item.pk));
  const {
    currentStepName: _derived,
    signalInbox,
    signalIds,
    ...body
  } = (item.body === undefined ? uncompressedBody(item) : decompressJson(item.body as Uint8Array)) as Omit<
    RunRecord,
    KeyedFields
  > &
    ApiDerivedFields &
    SignalFields;
  const signals = { ...(signalInbox && { inbox: signalInbox }), ...(signalIds && { ids: signalIds }) };
  const record: RunRecord = {
    id: runId,
    workspaceId,
    ...body,
    ...(Object.keys(signals).length > 0 ? { signals } : {}),
    version: Number(item.version),
  };
  if (record.active) record.active = unpackActive(record.active as unknown as Item, runId);
  if (record.recent) record.recent = unpackHistory(record.recent as unknown as Item, runId);
  return record;
}

/**
 * A run item written before bodies were compressed: its fields as attributes, free-form JSON as strings
 * (`stateJson`, …). Read as they are, rewritten compressed by the run's next commit.
 */
function uncompressedBody(item: Item): Item {
  const body: Item = {};
  for (const [name, value] of Object.entries(item)) {
    if (/^(pk|sk|entity|version|gsi\dpk|gsi\dsk)$/.test(name)) continue;
    if (name.endsWith("Json")) body[name.slice(0, -4)] = JSON.parse(String(value));
    else body[name] = value;
  }
  return body;
}

function runPartitionIds(pk: string): { workspaceId: string; runId: string } {
  const [, workspaceId = "", runId = ""] = /^WS#(.+)#RUN#(.+)$/.exec(pk) ?? [];
  return { workspaceId, runId };
}

export function fromJournalItem(item: Item): RunHistory {
  const { runId } = runPartitionIds(String(item.pk));
  const packed =
    // A journal written before journals were compressed.
    item.journal === undefined
      ? JSON.parse(String(item.journalJson))
      : decompressJson(item.journal as Uint8Array);
  return unpackHistory(packed as Item, runId);
}
