import { describe, expect, it } from "vitest";
import {
  firstNumberCreatedFrom,
  numberRangeOf,
  type ProbeRun,
} from "../../../core/adapters/dynamodb/lists/run-number-range";

/**
 * The search that turns a date window into a range of run numbers (docs/lists.md, "Runs by date"), over
 * lists held in memory: it finds what a scan of the list finds, with numbers missing (gaps) and runs created
 * in the same millisecond, and its probes grow with the distance from the end it searches from, not with the
 * list's length.
 */

/** A list of numbered runs: `createdAt[n]` for each listed number n, 1…`top`; unlisted numbers are gaps. */
function listOf(top: number, gapEvery: number, perMs: number): Map<number, string> {
  const runs = new Map<number, string>();
  for (let n = 1; n <= top; n++) {
    if (gapEvery > 0 && n % gapEvery === 0) continue;
    runs.set(n, new Date(Date.UTC(2030, 0, 1) + Math.floor(n / perMs)).toISOString());
  }
  return runs;
}

function probing(runs: Map<number, string>): { probe: ProbeRun; probes: () => number } {
  let probes = 0;
  const probe: ProbeRun = async (number, floor) => {
    probes++;
    for (let n = number; n >= floor; n--) {
      const createdAt = runs.get(n);
      if (createdAt !== undefined) return { number: n, createdAt };
    }
    return undefined;
  };
  return { probe, probes: () => probes };
}

/** What a scan finds: the smallest number from which every listed run was created at or after `instant`. */
function scanned(runs: Map<number, string>, top: number, instant: string): number {
  let first = top + 1;
  for (let n = top; n >= 1; n--) {
    const createdAt = runs.get(n);
    if (createdAt === undefined) continue;
    if (createdAt < instant) break;
    first = n;
  }
  return first;
}

const at = (ms: number) => new Date(Date.UTC(2030, 0, 1) + ms).toISOString();

describe("a date bound as a run number", () => {
  it("finds what a scan finds, searched from either end, with gaps and runs sharing a millisecond", async () => {
    for (const [top, gapEvery, perMs] of [
      [1, 0, 1],
      [37, 5, 3],
      [500, 7, 1],
      [1000, 0, 10],
    ] as const) {
      const runs = listOf(top, gapEvery, perMs);
      for (let ms = -1; ms <= top / perMs + 1; ms += Math.max(1, Math.floor(top / perMs / 40))) {
        const expected = scanned(runs, top, at(ms));
        for (const from of ["top", "floor"] as const) {
          expect([
            top,
            ms,
            from,
            await firstNumberCreatedFrom(probing(runs).probe, 1, top, at(ms), from),
          ]).toEqual([top, ms, from, expected]);
        }
      }
    }
  });

  it("costs probes by its distance from the newest run, whatever the history below it", async () => {
    const costs = [];
    for (const top of [1_000, 100_000, 1_000_000]) {
      const runs = listOf(top, 0, 1);
      const { probe, probes } = probing(runs);
      // The 50th newest run's creation: a window on the recent runs.
      expect(await firstNumberCreatedFrom(probe, 1, top, at(top - 49))).toBe(top - 49);
      costs.push(probes());
    }
    expect(new Set(costs).size).toBe(1);
    expect(costs[0]).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(50)) + 2);
  });

  it("finds a window's end up from its start, by the window's length", async () => {
    const top = 1_000_000;
    const runs = listOf(top, 0, 1);
    const { probe, probes } = probing(runs);
    const range = await numberRangeOf(probe, top, { createdAfter: at(1_000), createdBefore: at(1_100) });
    expect(range).toEqual({ from: 1_000, to: 1_099 });
    // Each bound within 2·log2 of its distance (about 10⁶ for the start, 100 for the end) and a probe or two.
    expect(probes()).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(top)) + 2 * Math.ceil(Math.log2(100)) + 4);
  });
});
