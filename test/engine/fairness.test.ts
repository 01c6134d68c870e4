import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../../bench/lib/cost-workloads";
import {
  allEnded,
  ended,
  fairnessFigures,
  flood,
  startOne,
  type Tenant,
  tenant,
} from "../../bench/lib/fairness-flood";
import { serveTestApp } from "../helpers/http-service";

/**
 * docs/triggers.md, "Fairness": a workspace's backlog does not delay another workspace's single run. Over
 * HTTP on DynamoDB Local with the real engine (8 workers). The flood's runs are held at their first
 * request until the single run exists, so the whole flood is queued ahead of it, whatever this machine's
 * speed: in arrival order the single run would complete last.
 */
const FLOOD = 300;
let receiver: Receiver;
let openGate: () => void = () => {};
let url: string;

beforeAll(async () => {
  const gate = new Promise<void>((resolve) => {
    openGate = resolve;
  });
  receiver = await startReceiver({ gate, delayMs: 10 });
  ({ url } = await serveTestApp({ ALLOW_PRIVATE_URLS: "true", RATE_LIMIT_PER_MINUTE: "1000000" }));
});

afterAll(async () => {
  openGate();
  await receiver?.stop();
});

describe("fairness across workspaces", () => {
  it("runs another workspace's single run ahead of a 300-run backlog, which still all completes", async () => {
    const flooding: Tenant = await tenant(url, "a", receiver.url);
    const quiet: Tenant = await tenant(url, "b", receiver.url);

    await flood(flooding, FLOOD, 20);
    const singleId = await startOne(quiet);
    openGate();
    const single = await ended(quiet, singleId, 120_000);
    const floodRuns = await allEnded(flooding, 150_000);

    expect(single.status).toBe("COMPLETED");
    expect(floodRuns.map((run) => run.status)).toEqual(Array(FLOOD).fill("COMPLETED"));
    const figures = fairnessFigures(single, floodRuns);
    expect(figures.floodBacklog).toBe(FLOOD);
    // About one run per worker (those already holding one when it was created); in arrival order, all 300.
    expect(figures.floodCompletedAhead).toBeLessThan(FLOOD / 5);
  }, 180_000);
});
