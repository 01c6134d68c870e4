import type { SweepStore } from "../../ports/store";
import { createRunEventOutboxStore } from "./run-events/outbox-store";
import { createRunListStore } from "./runs/run-lists";
import type { Table } from "./table/dynamo-client";

/**
 * The sweeper function's store: the two sweep index reads and nothing else, so that function's bundle loads
 * none of the other repositories (nor the schemas of the records they keep). The same reads as createStore's.
 */
export function createSweepStore(table: Table): SweepStore {
  return {
    runs: { overdue: createRunListStore(table).dueForSweep },
    runEventOutbox: { dueForSweep: createRunEventOutboxStore(table).dueForSweep },
  };
}
