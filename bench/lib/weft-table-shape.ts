import { createTableInput } from "../../core/adapters/dynamodb/table/create-table";
import type { IndexShape, TableShape } from "./billed-units";

/** The single table as core/adapters/dynamodb/table/create-table.ts creates it from table.ts. */
export function weftTableShape(): TableShape {
  const input = createTableInput("shape");
  const keyNames = (schema: { AttributeName?: string; KeyType?: string }[] | undefined) => ({
    partition: schema?.find((key) => key.KeyType === "HASH")?.AttributeName ?? "",
    sort: schema?.find((key) => key.KeyType === "RANGE")?.AttributeName,
  });
  const indexes: IndexShape[] = (input.GlobalSecondaryIndexes ?? []).map((index) => {
    const projection = index.Projection;
    return {
      name: index.IndexName ?? "",
      ...keyNames(index.KeySchema),
      projection:
        projection?.ProjectionType === "INCLUDE"
          ? { type: "INCLUDE", attributes: projection.NonKeyAttributes ?? [] }
          : { type: projection?.ProjectionType === "ALL" ? "ALL" : "KEYS_ONLY" },
    };
  });
  return { ...keyNames(input.KeySchema), indexes };
}
