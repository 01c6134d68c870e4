import { beforeAll, describe, expect, it } from "vitest";
import { json, reviewId, setUpCli, weft } from "./cli-fixtures";

/**
 * `weft runs list` and `weft costs summary`: runs of the review definition as a table, as JSON, a page of
 * them and their ids, the runs created --since and --before a moment (exit 2 on one it cannot read), and
 * costs as a document.
 */
setUpCli();

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe("weft (the CLI) against the service over HTTP", () => {
  // These tests list the runs that the other CLI tests once left behind in a workspace they shared: here
  // they start their own, more than a page of two, so each list has runs to show and to page through.
  beforeAll(async () => {
    for (const name of ["Ada", "Bo", "Cy"]) {
      const started = await weft("runs", "start", reviewId, "--input", JSON.stringify({ name }));
      expect(started.code, started.stderr).toBe(0);
    }
  });

  it("lists runs as a table, as JSON and as ids, and costs as a document", async () => {
    const table = await weft("runs", "list", "--definition", reviewId, "--all");
    const ids = await weft("-q", "runs", "list", "--definition", reviewId);
    const runs = await json<{ definitionId: string }[]>(
      "runs",
      "list",
      "--definition",
      reviewId,
      "--page-size",
      "2",
    );
    const costs = await json<{ totalCostUsd: number }>("costs", "summary");

    expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+STATUS\s+DEFINITIONID\s+CURRENTSTEPNAME\s+CREATEDAT$/);
    const all = await json<unknown[]>("runs", "list", "--definition", reviewId, "--all");
    expect(table.stdout.trim().split("\n")).toHaveLength(all.length + 1);
    expect(runs).toHaveLength(2);
    expect(ids.stdout).toMatch(new RegExp(`^(run_\\w+\\n){${all.length}}$`));
    expect(costs.totalCostUsd).toBe(0);
  });

  it("lists the runs created --since an age or a date and --before one, and exits 2 on a moment it cannot read", async () => {
    const all = await json<{ id: string }[]>("runs", "list", "--definition", reviewId, "--all");
    const lastHour = await json<{ id: string }[]>("runs", "list", "--definition", reviewId, "--since", "1h");
    const beforeAnHourAgo = await json<unknown[]>("runs", "list", "--before", "1h");
    const sinceTomorrow = await json<unknown[]>("runs", "list", "--since", tomorrow());
    const unreadable = await weft("runs", "list", "--since", "last week");

    expect(all.length).toBeGreaterThan(0);
    expect(lastHour.map((run) => run.id)).toEqual(all.slice(0, 20).map((run) => run.id));
    expect(beforeAnHourAgo).toEqual([]);
    expect(sinceTomorrow).toEqual([]);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toContain("--since takes an age");
  });
});
