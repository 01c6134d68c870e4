import { afterEach, describe, expect, it, vi } from "vitest";
import { createLambdaLogger } from "../../../core/adapters/log/lambda-logger";

/** What the logger wrote to stdout and stderr (Lambda sends both to the function's log stream), as JSON. */
function capture() {
  const lines: string[] = [];
  const keep = (chunk: string | Uint8Array) => {
    lines.push(chunk.toString());
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(keep);
  vi.spyOn(process.stderr, "write").mockImplementation(keep);
  return () =>
    lines
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("createLambdaLogger", () => {
  it("writes one JSON object per line with level, time and message, the bindings and the fields", () => {
    const written = capture();

    createLambdaLogger({ level: "info" }).child({ requestId: "req_1" }).warn({ status: 429 }, "limited");

    const [line] = written();
    expect(line).toMatchObject({ level: "warn", requestId: "req_1", status: 429, message: "limited" });
    expect(Number.isNaN(Date.parse(String(line?.time)))).toBe(false);
  });

  it("redacts fields named like secrets at any depth", () => {
    const written = capture();

    createLambdaLogger({ level: "info" }).info(
      {
        apiKey: "svc_top",
        body: { password: "hunter22", nested: { secret: "s3", deeper: { token: "wds_t" } } },
        headers: { "x-api-key": "svc_h" },
      },
      "x",
    );

    const text = JSON.stringify(written());
    for (const leaked of ["svc_top", "hunter22", "s3", "wds_t", "svc_h"]) expect(text).not.toContain(leaked);
    expect(text).toContain("[redacted]");
  });

  it("writes an error with its name, message, stack, cause and own fields", () => {
    const written = capture();
    const error = Object.assign(new Error("boom", { cause: new Error("root") }), { code: "E_BOOM" });

    createLambdaLogger({ level: "info" }).error({ err: error }, "failed");

    expect(written()[0]?.err).toMatchObject({
      name: "Error",
      message: "boom",
      stack: expect.stringContaining("Error: boom"),
      cause: { message: "root" },
      code: "E_BOOM",
    });
  });

  it("writes nothing below its level, and nothing at all when silent", () => {
    const written = capture();

    createLambdaLogger({ level: "info" }).debug({ a: 1 }, "hidden");
    createLambdaLogger({ level: "silent" }).error({ a: 2 }, "hidden too");

    expect(written()).toEqual([]);
  });
});
