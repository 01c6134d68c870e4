import { describe, expect, it } from "vitest";
import { InProcessQueue } from "../../../core/adapters/local/in-process-queue";
import { silentLogger } from "../../../core/adapters/log/pino-logger";
import { type EngineMessage, runDoorbell } from "../../../core/domain/run-messages";

/**
 * A queue with one slot whose handler is held until released, so the order in which waiting messages are
 * handed out is the order of `handled`.
 */
function oneSlotQueue() {
  const queue = new InProcessQueue({ concurrency: 1, log: silentLogger });
  const handled: string[] = [];
  let release: () => void = () => {};
  queue.start(async (message: EngineMessage) => {
    handled.push(message.type === "run.advance" ? message.runId : message.triggerId);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
  });
  return {
    queue,
    handled,
    /** Lets the message in hand finish, and waits for the next to be taken. */
    async next() {
      release();
      await new Promise((resolve) => setImmediate(resolve));
    },
    async close() {
      const stopped = queue.stop();
      release();
      await stopped;
    },
  };
}

describe("InProcessQueue's order", () => {
  it("takes workspaces in turn: a single run of another workspace waits behind one message, not a backlog", async () => {
    const { queue, handled, next, close } = oneSlotQueue();
    for (let i = 0; i < 100; i++) await queue.send(runDoorbell("wsp_a", `a${i}`));
    await queue.send(runDoorbell("wsp_b", "b0"));
    await queue.send(runDoorbell("wsp_c", "c0"));
    await queue.send(runDoorbell("wsp_b", "b1"));

    for (let i = 0; i < 6; i++) await next();

    expect(handled).toEqual(["a0", "a1", "b0", "c0", "a2", "b1", "a3"]);
    await close();
  });

  it("hands out higher priorities first within a workspace, in sending order among equals", async () => {
    const { queue, handled, next, close } = oneSlotQueue();
    await queue.send(runDoorbell("wsp_a", "busy"));
    await queue.send(runDoorbell("wsp_a", "low", 1));
    await queue.send(runDoorbell("wsp_a", "default-1"));
    await queue.send(runDoorbell("wsp_a", "high", 9));
    await queue.send(runDoorbell("wsp_a", "default-2", 5));

    for (let i = 0; i < 4; i++) await next();

    expect(handled).toEqual(["busy", "high", "default-1", "default-2", "low"]);
    await close();
  });

  it("still coalesces a run's repeated doorbells into one", async () => {
    const { queue, handled, next, close } = oneSlotQueue();
    await queue.send(runDoorbell("wsp_a", "busy"));
    await queue.send(runDoorbell("wsp_a", "r1"));
    await queue.send(runDoorbell("wsp_a", "r1", 7));
    await queue.send(runDoorbell("wsp_b", "r2"));

    for (let i = 0; i < 3; i++) await next();

    expect(handled).toEqual(["busy", "r1", "r2"]);
    await close();
  });
});
