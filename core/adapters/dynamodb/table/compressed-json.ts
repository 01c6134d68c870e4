import { deflateRawSync, inflateRawSync } from "node:zlib";

/**
 * JSON as run and journal items store it: deflated (Node's zlib, raw deflate) with a preset dictionary of the
 * names and words those items repeat, behind one byte naming the format. DynamoDB bills a write by the started
 * kilobyte of the whole item and a run item is rewritten at every commit: a workflow's state repeats itself
 * (the same keys, the same shape of output step after step) and the item's own field names are the same in
 * every run, so deflate takes most runs' items from two or more kilobytes to under one.
 *
 * The dictionary of a format can never change once items are written with it: a better one is a new format
 * byte, and the old ones stay readable.
 */
const DEFLATE_V1 = 1;

/**
 * Format 1's dictionary. Deflate finds a match up to 32 KB back and codes a near one in fewer bits, so the
 * likeliest strings come last.
 */
const DICTIONARY_V1 = Buffer.from(
  [
    '"rerunStart":{"fromStep":"copied":[',
    '"upgrade":{"definitionId":"def_"requestedAt":"after":',
    '"parent":{"runId":"run_"kind":"sub_workflow""branch""item""index":0,"depth":1},"scope":',
    '"budget":{"maxCostUsd":"maxTokens":"onExceed":"pause""fail"},"llmSpend":{"costUsd":0,"tokens":',
    '"signalInbox":[{"signalType":"payload":{},"receivedAt":"signalIds":[',
    '"approvalRevisions":{"count":1,"lastRequestId":"apr_',
    '"wait":{"kind":"children","total":"started":"results":[null,"launch":[],"pollAtMs":null,"deadlineMs":null}',
    '"wait":{"kind":"signal","signalType":"deadlineMs":null,"signalTypes":["mode":"any""all","received":{}',
    '"wait":{"kind":"approval","approvalRequestId":"apr_","deadlineMs":null,"nudges":[{"atMs":"kind":"reminder","escalation","reminder":1}]',
    '"wait":{"kind":"timer","untilMs":',
    '"error":"failedAdvances":1,"startedBy":"FAILED","CANCELLED","WAITING","PAUSED","PENDING","SUPERSEDED",',
    '"APPROVAL_REQUESTED","APPROVAL_DECIDED","decision":"approved","decidedBy":null,"approvalRequestId":"apr_',
    '"SIGNAL_RECEIVED","STEP_FAILED","STEP_RETRYING","retryAtMs":',
    '"LLM_CALL_STARTED","LLM_CALL_COMPLETED","model":"gpt-4o-mini","provider":"openai","inputTokens":"outputTokens":"costUsd":',
    '"WORKFLOW_COMPLETED","payload":{"output":{"input":',
    '"WORKFLOW_STARTED","payload":{"definitionId":"def_","input":{',
    '"idempotencyKey":null,"supersessionKey":null,"currentStepName":null,"createdAt":"20',
    '"definitionId":"def_","status":"RUNNING","input":{},"output":null,',
    '"state":{"input":{},"version":1,"eventSeq":0,"stepRunSeq":0,"stepsExecuted":0,"active":null,"nextStepName":null,"startedAtMs":null,"seq":1,"defSeq":1,',
    '"stepRuns":[{"id":"stp_","stepName":"s","stepType":"task","status":"COMPLETED","attempt":1,"input":{"handler":"http","config":{"url":"https://","method":"GET"}},"output":{"status":200,"headers":{"content-type":"application/json","date":"',
    '"startedAt":"20","completedAt":"20","createdAt":"20","updatedAt":"20',
    '"recent":{"events":[{"id":"evt_","seq":1,"stepRunId":"stp_","eventType":"STEP_COMPLETED","payload":{"stepName":"s","durationMs":1},"createdAt":"20',
    '{"id":"evt_","seq":2,"stepRunId":"stp_","eventType":"STEP_STARTED","payload":{"stepName":"s","stepType":"task","attempt":1},"createdAt":"20',
    '"active":{"stepRun":{"id":"stp_","stepName":"s","stepType":"task","status":"RUNNING","attempt":1,"startedAt":"20","createdAt":"20","updatedAt":"20',
    '"},"stepIndex":0,"lease":{"owner":"","grantedAtMs":17,"untilMs":17},"wait":null,"retryAtMs":null},',
  ].join(""),
);

export function compressJson(value: unknown): Uint8Array {
  const deflated = deflateRawSync(JSON.stringify(value), { dictionary: DICTIONARY_V1 });
  const bytes = new Uint8Array(deflated.byteLength + 1);
  bytes[0] = DEFLATE_V1;
  bytes.set(deflated, 1);
  return bytes;
}

export function decompressJson(bytes: Uint8Array): unknown {
  if (bytes[0] !== DEFLATE_V1) throw new Error(`unknown compressed JSON format ${bytes[0]}`);
  const text = inflateRawSync(bytes.subarray(1), { dictionary: DICTIONARY_V1 }).toString("utf8");
  return JSON.parse(text);
}
