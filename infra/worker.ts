import { engineEnvironment, engineLinks, enginePermissions } from "./engine-access";
import { stepQueue, WORKER_TIMEOUT_SECONDS } from "./queues";

/** The step worker, fed by the step queue; failed records are handed back one by one (partial batch). */
stepQueue.subscribe(
  {
    handler: "functions/worker.handler",
    runtime: "nodejs22.x",
    architecture: "arm64",
    memory: "512 MB",
    timeout: `${WORKER_TIMEOUT_SECONDS} seconds`,
    link: engineLinks,
    environment: engineEnvironment,
    permissions: enginePermissions,
  },
  { batch: { size: 10, partialResponses: true } },
);

/** Every minute, re-rings runs whose doorbell was lost or whose worker died. */
export const sweeper = new sst.aws.Cron("Sweeper", {
  schedule: "rate(1 minute)",
  function: {
    handler: "functions/sweeper.handler",
    runtime: "nodejs22.x",
    architecture: "arm64",
    memory: "256 MB",
    timeout: "60 seconds",
    link: engineLinks,
    environment: engineEnvironment,
    permissions: enginePermissions,
  },
});
