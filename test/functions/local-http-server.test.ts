import type { Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { type EarlyHttpServer, listenEarly } from "../../functions/local-http-server";

let early: EarlyHttpServer | undefined;

afterEach(async () => {
  const server = early?.server as Server | undefined;
  early = undefined;
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

describe("listenEarly", () => {
  it("answers 503 with the error envelope until the app is handed over, then serves the app", async () => {
    early = await listenEarly(0);
    const url = `http://127.0.0.1:${early.port}/ready`;

    const starting = await fetch(url);
    expect(starting.status).toBe(503);
    expect(starting.headers.get("retry-after")).toBe("1");
    expect(await starting.json()).toEqual({
      success: false,
      error: { code: "INTERNAL_ERROR", message: "Weft is starting; retry shortly" },
    });

    early.serve(() => Response.json({ success: true, data: { status: "ready" } }));
    const ready = await fetch(url);
    expect(ready.status).toBe(200);
  });

  it("fails with EADDRINUSE when the port is taken, before anything else is started", async () => {
    early = await listenEarly(0);
    await expect(listenEarly(early.port)).rejects.toMatchObject({ code: "EADDRINUSE" });
  });
});
