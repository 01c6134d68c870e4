import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { FastClock } from "../helpers/fast-clock";
import { expectData } from "../helpers/requests";
import { createDefinition, listRuns } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/** A minute of the clock every 3 s of the wall: the local service's timers, not fires sent by hand. */
const FACTOR = 20;
const START = Date.parse("2026-11-20T12:00:30.000Z");
const clock = new FastClock(FACTOR, START);
const TABLE_NAME = `test-${randomBytes(6).toString("hex")}`;

const startService = () =>
  createTestApp({ TABLE_NAME, RATE_LIMIT_PER_MINUTE: "1000000" }, { clock: { clock, clockMsPerMs: FACTOR } });

/** Sleeps until the fast clock reads `at` (12:mm:ss on the test's day). */
async function until(at: string): Promise<void> {
  const waitMs = (Date.parse(`2026-11-20T${at}.000Z`) - clock.nowMs()) / FACTOR;
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}

const minutes = (...mm: number[]) => mm.map((m) => `2026-11-20T12:0${m}:00.000Z`);

async function fireTimes(t: TestApp, a: SignedUp, triggerId: string): Promise<string[]> {
  const runs = (await listRuns(t.request, a.apiKey, { triggerId, pageSize: 100 })).data;
  return runs.map((run) => String(run.idempotencyKey).slice(`trigger:${triggerId}:`.length)).sort();
}

it("fires a cron trigger once a minute across a restart, catching up the latest missed fire when asked", async () => {
  const first = await startService();
  const a = await signUp(first);
  const definition = await createDefinition(first.request, a.apiKey, [
    { type: "task", name: "a", handler: "noop" },
  ]);
  const create = async (catchUp: string) =>
    (
      await expectData<{ id: string; nextFireAt: string }>(
        await first.request("POST", "/v1/triggers", {
          body: { type: "cron", definitionId: definition.id, cron: "* * * * *", catchUp },
          headers: withKey(a.apiKey),
        }),
        201,
      )
    ).id;
  // Signing up takes a while in clock time; the triggers start half a minute before their first fire.
  clock.set(START);
  const none = await create("none");
  const latest = await create("latest");

  await until("12:03:20");
  await first.stop();
  // Down through the fire of 12:04, then started again on the same table.
  await until("12:04:40");
  const second = await startService();
  await until("12:06:20");
  await second.idle();

  expect(await fireTimes(second, a, none)).toEqual(minutes(1, 2, 3, 5, 6));
  expect(await fireTimes(second, a, latest)).toEqual(minutes(1, 2, 3, 4, 5, 6));
}, 60_000);
