import type { WireItem } from "./billed-units";
import { itemId } from "./dynamo-wire";

export interface ObservedWrite {
  action: "Put" | "Update" | "Delete" | "ConditionCheck";
  tableName: string;
  key: WireItem;
  before: WireItem | undefined;
  after: WireItem | undefined;
}

export interface ObservedCommit {
  operation: string;
  bucket: string;
  writes: ObservedWrite[];
}

export interface WriteTarget {
  action: ObservedWrite["action"];
  tableName: string;
  key: WireItem;
  /** The action's own request (a Put's Item, an Update's expressions). */
  request: Record<string, unknown>;
}

export function writeTargets(
  operation: string,
  input: Record<string, unknown>,
  key: (item: WireItem) => WireItem,
): WriteTarget[] {
  const tableName = String(input.TableName ?? "");
  if (operation === "PutItem") {
    return [{ action: "Put", tableName, key: key(input.Item as WireItem), request: input }];
  }
  if (operation === "UpdateItem" || operation === "DeleteItem") {
    const action = operation === "UpdateItem" ? "Update" : "Delete";
    return [{ action, tableName, key: key(input.Key as WireItem), request: input }];
  }
  if (operation === "TransactWriteItems") {
    return (input.TransactItems as Record<string, Record<string, unknown>>[]).map((entry) => {
      const [action, request] = Object.entries(entry)[0] as [WriteTarget["action"], Record<string, unknown>];
      const item = (action === "Put" ? request.Item : request.Key) as WireItem;
      return { action, tableName: String(request.TableName ?? ""), key: key(item), request };
    });
  }
  // BatchWriteItem
  const targets: WriteTarget[] = [];
  for (const [name, requests] of Object.entries(input.RequestItems as Record<string, unknown[]>)) {
    for (const entry of requests as Record<string, Record<string, unknown>>[]) {
      if (entry.PutRequest) {
        const item = entry.PutRequest.Item as WireItem;
        targets.push({ action: "Put", tableName: name, key: key(item), request: entry.PutRequest });
      } else if (entry.DeleteRequest) {
        const item = entry.DeleteRequest.Key as WireItem;
        targets.push({ action: "Delete", tableName: name, key: key(item), request: entry.DeleteRequest });
      }
    }
  }
  return targets;
}

/** The items of a BatchWriteItem that DynamoDB left unprocessed (not written, not billed). */
export function unprocessedWrites(body: Record<string, unknown>): Set<string> {
  const ids = new Set<string>();
  const unprocessed = body.UnprocessedItems as
    | Record<string, Record<string, Record<string, unknown>>[]>
    | undefined;
  for (const [tableName, requests] of Object.entries(unprocessed ?? {})) {
    for (const entry of requests) {
      const item = (entry.PutRequest?.Item ?? entry.DeleteRequest?.Key) as WireItem | undefined;
      if (item) ids.add(itemId(tableName, item));
    }
  }
  return ids;
}
