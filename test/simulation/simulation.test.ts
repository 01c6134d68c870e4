import { describe, expect, it } from "vitest";
import { createMemoryRunsStore } from "../../core/adapters/memory/runs-store";
import type { RunStore } from "../../core/ports/store";
import { describeFailure, memoryStore, runSchedules } from "./runner";
import { runSchedule, type StoreUnderTest } from "./schedule";

/**
 * The engine under a seeded storm (README of core/engine): lost, doubled, late and reordered doorbells,
 * late and doubled wake-ups, workers dying at every await of the commit pipeline, leases running out,
 * API requests racing the workers. A failure prints the command that replays its seed alone.
 */
const SCHEDULES = 10_000;

describe("deterministic simulation", () => {
  // About 45 s on an idle 2-core machine; the timeout leaves room for a loaded one (seen: 30 schedules/s at load 15).
  it(`keeps every invariant over ${SCHEDULES} schedules`, { timeout: 600_000 }, async () => {
    const summary = await runSchedules({
      firstSeed: 1,
      schedules: SCHEDULES,
      store: memoryStore,
      stopAfter: 3,
    });
    console.log(
      `simulation: ${summary.schedules} schedules in ${(summary.elapsedMs / 1000).toFixed(1)} s; ` +
        `${summary.repeatedEffects} effects repeated with one idempotency key, ` +
        `${summary.repeatsAfterOutcome} of them in flight past the sender's lease`,
    );
    expect(summary.failures.map(describeFailure)).toEqual([]);
    expect(summary.schedules).toBe(SCHEDULES);
  });

  it("replays a seed exactly", async () => {
    const fingerprint = async (seed: number) => {
      const result = await runSchedule(seed, memoryStore(seed));
      const runs = result.dump.runs.map(({ run, history }) => [
        run.id,
        run.status,
        run.version,
        history.events.map((event) => `${event.seq}${event.eventType}`),
      ]);
      return JSON.stringify({ counts: result.counts, runs });
    };
    for (const seed of [7, 42, 1234]) expect(await fingerprint(seed)).toBe(await fingerprint(seed));
  });

  it("bites: finds a store whose commit ignores the expected version within 1,000 schedules", async () => {
    const summary = await runSchedules({
      firstSeed: 1,
      schedules: 1000,
      store: ignoringVersions,
      stopAfter: 1,
    });
    const [failure] = summary.failures;
    console.log(
      `broken store: found after ${summary.schedules} schedule(s)\n${failure && describeFailure(failure)}`,
    );
    expect(failure?.violations.length).toBeGreaterThan(0);
  });
});

/** The memory store, except that a change is written over whatever version the run has reached. */
function ignoringVersions(): StoreUnderTest {
  const memory = createMemoryRunsStore();
  const runs: RunStore = {
    ...memory.runs,
    async commit(change) {
      const { workspaceId, id } = change.commit.run;
      const current = await memory.runs.get(workspaceId, id);
      const expectedVersion = current?.version ?? change.commit.expectedVersion;
      return memory.runs.commit({ ...change, commit: { ...change.commit, expectedVersion } });
    },
  };
  return { store: { ...memory, runs }, dump: () => memory.dump() };
}
