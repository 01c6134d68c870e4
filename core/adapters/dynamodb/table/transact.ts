import type { TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";

/** One action of a TransactWriteItems call; repositories build them purely and callers compose them. */
export type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];
