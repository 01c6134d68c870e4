import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createPinoLogger } from "../../../core/adapters/log/pino-logger";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: createPinoLogger({ level: "info", destination }), lines };
}

describe("createPinoLogger", () => {
  it("redacts fields named like secrets at any of the first levels of nesting", () => {
    const { log, lines } = capture();

    log.info(
      { apiKey: "svc_top", body: { password: "hunter22", nested: { secret: "s3" } }, token: "wds_t" },
      "x",
    );

    const text = lines.join("");
    for (const leaked of ["svc_top", "hunter22", "s3", "wds_t"]) expect(text).not.toContain(leaked);
    expect(text).toContain("[redacted]");
  });

  it("writes one JSON object per line with level, time and message", () => {
    const { log, lines } = capture();

    log.child({ requestId: "req_1" }).warn({ status: 429 }, "limited");

    expect(JSON.parse(lines[0] ?? "")).toMatchObject({
      level: "warn",
      requestId: "req_1",
      status: 429,
      message: "limited",
    });
  });
});
