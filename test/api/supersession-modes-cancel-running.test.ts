import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RunBody } from "../helpers/api-types";
import { expectData } from "../helpers/requests";
import { getRun, waitForRun, withStatus } from "../helpers/runs";
import {
  a,
  define,
  http,
  releases,
  requested,
  send,
  setUpSupersessionModes,
  startHeld,
  t,
} from "./supersession-modes-fixtures";

/** `supersedeMode` cancel_running, the default: the superseded run's running step is cancelled with it. */
setUpSupersessionModes();

describe("supersedeMode cancel_running", () => {
  it("is the default: a running step is cancelled with its run, as the spec says", async () => {
    const definitionId = await define([http("slow", "/slow/{{input.tag}}")]);
    const supersessionKey = `cancel-${randomBytes(3).toString("hex")}`;
    const older = await startHeld(definitionId, supersessionKey, "c-old");

    const body = { definitionId, input: { tag: "c-new" }, supersessionKey, supersedeExisting: true };
    const newer = await expectData<RunBody>(
      await send("POST", "/v1/workflow-runs", { ...body, supersedeMode: "cancel_running" }),
      201,
    );

    const ended = await getRun(t.request, a.apiKey, older.id);
    expect(ended.status).toBe("SUPERSEDED");
    expect(ended.steps.map((step) => [step.stepName, step.status])).toEqual([["slow", "CANCELLED"]]);
    releases.get("/slow/c-old")?.();
    await requested("c-new");
    releases.get("/slow/c-new")?.();
    await waitForRun(t.request, a.apiKey, newer.id, withStatus("COMPLETED"));
    expect((await getRun(t.request, a.apiKey, older.id)).status).toBe("SUPERSEDED");
  });
});
