import { describe, expect, it } from "vitest";
import { childrenStopAfter, type ParentEnd } from "./children-stop";
import { MINUTE } from "./durations";

/**
 * Issue 31.12: on AWS a parent cancelled (or superseded) just before its process died left its children
 * running, and spending, until the sweeper found the parent after its 5-minute sweep bucket and grace. The
 * process now dies at each of the first port calls after the parent's commit, in virtual time (children-stop.ts),
 * and the children must be CANCELLED within a minute of that commit every time.
 */
const CALLS_AFTER_THE_COMMIT = [1, 2, 3, 4, 5];

describe("children of a parent that stopped waiting for them", () => {
  it.each<ParentEnd>(["cancel", "supersede"])(
    "stop within a minute of the parent's %s, the process dying at any of the 5 calls after its commit",
    async (end) => {
      const figures: string[] = [];
      for (const diesAtCall of CALLS_AFTER_THE_COMMIT) {
        const { stoppedAfterMs, children } = await childrenStopAfter(end, diesAtCall);
        figures.push(`dies at call ${diesAtCall}: ${children} children stopped after ${stoppedAfterMs} ms`);
        expect(stoppedAfterMs, `dies at call ${diesAtCall}`).toBeDefined();
        expect(stoppedAfterMs, `dies at call ${diesAtCall}`).toBeLessThanOrEqual(MINUTE);
      }
      console.log(`${end}: ${figures.join("; ")}`);
    },
  );
});
