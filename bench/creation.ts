import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { startBillingProxy } from "./lib/billing-proxy";
import { burst } from "./lib/creation-burst";
import { reportCreation } from "./lib/creation-report";
import { newWorkspace, startService } from "./lib/creation-service";
import { type DynamoLocalTarget, startDynamoLocalTarget } from "./lib/dynamo-local-target";
import { withCpu } from "./lib/process-cpu";
import { putBurst } from "./lib/put-burst";
import { runBench, wholeNumberOption } from "./lib/run-bench";
import { listedExactly, settled } from "./lib/run-list-reads";
import { round } from "./lib/stats";
import { since, Tally } from "./lib/tally";
import { requestBucket } from "./lib/weft-items";

/**
 * Run creation in a burst: N `POST /v1/workflow-runs` at once in one workspace, against the real service
 * (`npm start`: API, engine and run-event worker running). Twice:
 * - counted, with the service behind bench/lib/billing-proxy.ts: the answers (201, 409, other), and the
 *   cancelled transactions and refused conditional writes while the burst lasts (the cost of a run is
 *   bench:cost's);
 * - timed, with the service straight on DynamoDB Local: creation latency beside N conditional `PutItem`s of a
 *   run item at once on the same DynamoDB Local, through a client configured as the service's; then both
 *   one at a time, where a creation's serial round trips show rather than DynamoDB Local's queue. Before each
 *   PutItem phase the engine has finished the runs created so far, so the puts do not share DynamoDB Local
 *   with the runs the creations left behind (the creations do, as in production: every worker runs).
 * Each time the list is read back: `total` must be exact and every run on exactly one page. The CPU that
 * DynamoDB Local and the service used in the two bursts (from /proc) says what the shared cores were short of.
 * The machine's load average is printed with the figures.
 * `npm run bench:creation -- --runs 500`.
 */
interface Options {
  runs: number;
}

/** Creations (and PutItems) made one at a time, for latency without a queue in front of DynamoDB Local. */
const SINGLE_SAMPLES = 200;

void runBench<Options, DynamoLocalTarget>({
  readOptions() {
    const { values } = parseArgs({ options: { runs: { type: "string", default: "500" } } });
    return { runs: wholeNumberOption("runs", values.runs, 5000) };
  },
  start: startDynamoLocalTarget,
  stopping: "the service and DynamoDB Local",
  async main({ local, cleanups }, { runs }) {
    // The machine may be shared: how loaded it was says how far to trust the latencies.
    const loadAtStart = round(loadavg()[0] ?? 0, 2);
    console.log(`${runs} run creations at once in one workspace, over the HTTP API\n`);

    const tally = new Tally();
    const proxy = await startBillingProxy({ target: local.endpoint, tally, classify: requestBucket });
    cleanups.push(() => proxy.stop());
    const billedService = await startService(proxy.endpoint, cleanups);
    const billed = await newWorkspace(billedService, "billed");
    const before = tally.snapshot();
    const counted = await burst(billed.api, billed.workspace.apiKey, billed.definitionId, runs);
    const units = since(before, tally.snapshot());
    const billedListed = await listedExactly(billed.api, billed.workspace.apiKey, counted.runIds);
    await billedService.stop("SIGTERM");
    const sum = (suffix: string) =>
      Object.entries(units)
        .filter(([name]) => name.startsWith("work.") && name.endsWith(suffix))
        .reduce((total, [, value]) => total + value, 0);
    const cancelled = sum(".fail:TransactWriteItems");
    const refused = sum(".fail:PutItem") + sum(".fail:UpdateItem");

    const timedService = await startService(local.endpoint, cleanups);
    const measured = { pid: timedService.pid, dynamoEndpoint: local.endpoint };
    const timed = await newWorkspace(timedService, "timed");
    const [creation, creationCpu] = await withCpu(measured, () =>
      burst(timed.api, timed.workspace.apiKey, timed.definitionId, runs),
    );
    const timedListed = await listedExactly(timed.api, timed.workspace.apiKey, creation.runIds);
    await settled(timed.api, timed.workspace.apiKey);
    const [puts, putCpu] = await withCpu(measured, () => putBurst(local.endpoint, runs, runs, "burst"));
    const single = await burst(timed.api, timed.workspace.apiKey, timed.definitionId, SINGLE_SAMPLES, 1);
    await settled(timed.api, timed.workspace.apiKey);
    const singlePuts = await putBurst(local.endpoint, SINGLE_SAMPLES, 1, "single");
    return reportCreation({
      runs,
      singleSamples: SINGLE_SAMPLES,
      loadAtStart,
      counted,
      cancelled,
      refused,
      listExact: billedListed && timedListed,
      creation,
      creationCpu,
      puts,
      putCpu,
      single,
      singlePuts,
    });
  },
});
