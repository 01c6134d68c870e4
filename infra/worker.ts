import { engineFunction } from "./engine-access";
import { stepQueue } from "./queues";
import { providerKeys } from "./secrets";
import { FUNCTIONS } from "./settings";

/** The step worker, fed by the step queue; failed records are handed back one by one (partial batch). */
stepQueue.subscribe(engineFunction(FUNCTIONS.worker, providerKeys), {
  batch: { size: FUNCTIONS.worker.trigger.batchSize, partialResponses: true },
});

/** Every minute, re-rings runs whose doorbell was lost or whose worker died. */
export const sweeper = new sst.aws.Cron("Sweeper", {
  schedule: FUNCTIONS.sweeper.trigger.schedule,
  function: engineFunction(FUNCTIONS.sweeper),
});
