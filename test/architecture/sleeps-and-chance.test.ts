import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { sourceFiles } from "./import-graph";

const core = fileURLToPath(new URL("../../core", import.meta.url));

/**
 * Where core/ may still call setTimeout or Math.random itself, and why: each is a real-world deadline or
 * timer, not a pause the simulation must replay, or the one implementation behind a port.
 */
const ALLOWED: Record<string, string> = {
  "ports/clock.ts": "the system clock: the one sleep every pause of the core goes through",
  "ports/random.ts": "the system's unseeded source, which the composition roots inject",
  "llm/providers/sdk-call.ts": "a deadline that aborts a real socket to a provider",
  "outbound/guarded-http.ts": "a deadline that aborts a real outbound request",
  "api/middleware/batched-window-counter.ts": "flushes a request counter within one process's memory",
  "runs/follow-run.ts": "a live stream's poll, racing the feed of one process",
};

/** Browser code and the adapters run outside the core's ports by design. */
const OUTSIDE = [/^adapters\//, /^dashboard\/client\//];

it("sends every pause and every random choice of core/ through the clock and random ports", () => {
  const offenders = sourceFiles(core)
    .map((file) => relative(core, file))
    .filter((file) => !OUTSIDE.some((pattern) => pattern.test(file)) && !(file in ALLOWED))
    .filter((file) => /\bsetTimeout\(|Math\.random\(/.test(readFileSync(`${core}/${file}`, "utf8")));
  expect(offenders).toEqual([]);
});

it("allows no file that no longer needs it", () => {
  const stale = Object.keys(ALLOWED).filter(
    (file) => !/\bsetTimeout\(|Math\.random\(/.test(readFileSync(`${core}/${file}`, "utf8")),
  );
  expect(stale).toEqual([]);
});
