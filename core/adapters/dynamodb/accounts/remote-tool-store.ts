import { RemoteToolRecord } from "../../../domain/remote-tool";
import type { RemoteToolStore } from "../../../ports/store";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { createNamedRecordStore } from "./named-record-store";

/** A remote tool: `TOOL#<id>` and `TOOLNAME#<name>` in the workspace partition (named-record-store.ts). */
export function createRemoteToolStore(table: Table): RemoteToolStore {
  return createNamedRecordStore(table, {
    byId: keys.remoteTool,
    byName: keys.remoteToolName,
    idPrefix: keys.remoteToolPrefix,
    entity: "RemoteTool",
    parse: (item) => RemoteToolRecord.parse(item),
  });
}
