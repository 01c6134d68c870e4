import { type DynamoDbLocal, startDynamoDbLocal } from "../../core/adapters/local/dynamodb-local";
import { cleanupStack } from "./cleanups";

/** What a bench on its own DynamoDB Local measures against: the database, and what it starts on top. */
export interface DynamoLocalTarget {
  local: DynamoDbLocal;
  /** Undone by `stop`, newest first, DynamoDB Local last. */
  cleanups: ReturnType<typeof cleanupStack>;
  stop(): Promise<void>;
}

/** A runBench `start`: DynamoDB Local, stopped again if anything after it fails to start. */
export async function startDynamoLocalTarget(): Promise<DynamoLocalTarget> {
  const cleanups = cleanupStack();
  try {
    const local = await startDynamoDbLocal({});
    cleanups.push(() => local.stop());
    return { local, cleanups, stop: cleanups.stop };
  } catch (error) {
    await cleanups.stop();
    throw error;
  }
}
