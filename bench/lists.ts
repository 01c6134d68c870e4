import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { type BilledService, startBilledService } from "./lib/billed-service";
import { ApiClient, type PageMeta, signUp } from "./lib/cost-workloads";
import { GROWTH_TOLERANCE, growthRatio, isIndependent, rruPerThousandRuns } from "./lib/list-growth";
import { growHistory, LIVE, LIVE_WAITING, prepareWorkspace } from "./lib/list-history";
import {
  deepestFullPage,
  type ListProbe,
  listProbes,
  PAGE_SIZE,
  pagePath,
  WINDOW_RUNS,
} from "./lib/list-probes";
import { runBench } from "./lib/run-bench";
import { printTable } from "./lib/table";
import { byPrefix, type Counts, since } from "./lib/tally";

/**
 * What every list costs in reads as a workspace's history grows (issue 12: "every list, `status=` included,
 * costs reads independent of history"; "page N still costs reads independent of N"). The real service on
 * DynamoDB Local behind the billing proxy (bench/lib/billed-service.ts); one workspace whose history of ended
 * runs is grown over the HTTP API in stages (bench/lib/list-history.ts) while its live runs stay the same. At
 * each stage, once the service is quiet, each list request (bench/lib/list-probes.ts) is sent alone, at page 1
 * and at its deepest full page, and billed: the read units and DynamoDB read requests it caused. A list is independent of
 * history when its reads at the largest stage are within GROWTH_TOLERANCE of the smallest's
 * (bench/lib/list-growth.ts). Only the HTTP API is used, so it measures any version of the list code.
 * `npm run bench:lists -- --sizes 400,1000,2000` (the default; at 400, every list of the history fills a page).
 */
interface Options {
  sizes: number[];
}

/** The service has settled before a stage's lists when no request has been in flight for this long. */
const STAGE_QUIET_MS = 1500;
/** Before and after each list request: long enough for anything it writes after answering. */
const PROBE_QUIET_MS = 300;
const MAX_ENDED = 20_000;
const READ_OPERATIONS = ["GetItem", "BatchGetItem", "TransactGetItems", "Query", "Scan"];

function readOptions(): Options {
  const { values } = parseArgs({ options: { sizes: { type: "string", default: "400,1000,2000" } } });
  const sizes = String(values.sizes)
    .split(",")
    .map((size) => Number(size.trim()));
  const valid =
    sizes.length >= 2 &&
    sizes.every(
      (size, i) => Number.isInteger(size) && size >= 1 && size <= MAX_ENDED && size > (sizes[i - 1] ?? 0),
    );
  if (!valid) {
    throw new Error(
      `--sizes takes two or more increasing whole numbers of ended runs, up to ${MAX_ENDED}: got "${values.sizes}"`,
    );
  }
  return { sizes };
}

/** One list request's bill. */
interface Figure {
  ended: number;
  rru: number;
  /** DynamoDB reads (GetItem, BatchGetItem, Query, …) the request caused. */
  readRequests: number;
  /** Writes it caused (the rate limiter's, when it writes), shown apart: they are not the list's reads. */
  wru: number;
  page: number;
  totalPages: number | null;
  total: number | null;
  /** The read units by what was read: an index's entries (`index:gsi3`) or a kind of item (`run`, `approval`). */
  rruBy: Counts;
}

interface Row {
  name: string;
  path: string;
  /** The deepest full page's row, not page 1's. */
  deep: boolean;
  figures: Figure[];
}

async function main(h: BilledService, options: Options): Promise<number> {
  const api = new ApiClient(h.service.url);
  const workspace = await signUp(api, "lists");
  const context = { h, api };
  const w = await prepareWorkspace(
    context,
    workspace,
    `${h.receiver.url}/fails`,
    `${h.receiver.url}/webhook`,
  );
  console.log(
    `The service on DynamoDB Local through the billing proxy; one workspace, live runs kept at ${LIVE_WAITING} WAITING, ` +
      `${LIVE.paused} PAUSED, ${LIVE.pending} PENDING; ended runs grown to ${options.sizes.join(", ")}; pageSize ${PAGE_SIZE}`,
  );

  const rows = new Map<string, Row>();
  const record = (probe: ListProbe, deep: boolean, figure: Figure) => {
    const name = deep ? `${probe.name}, deepest full page` : probe.name;
    const row = rows.get(name) ?? { name, path: probe.path, deep, figures: [] };
    row.figures.push(figure);
    rows.set(name, row);
  };
  const measure = async (probe: ListProbe, ended: number, page: number): Promise<Figure> => {
    await h.settle(PROBE_QUIET_MS);
    const before = h.tally.snapshot();
    const path = pagePath(probe, page);
    const answer = probe.lines
      ? { data: (await api.text("GET", path, workspace.apiKey)).split("\n").filter(Boolean) }
      : await api.envelope<unknown[]>("GET", path, workspace.apiKey);
    await h.settle(PROBE_QUIET_MS);
    const delta = since(before, h.tally.snapshot());
    const meta: PageMeta | undefined = "meta" in answer ? answer.meta : undefined;
    return {
      ended,
      rru: delta["work.rru"] ?? 0,
      readRequests: READ_OPERATIONS.reduce((sum, op) => sum + (delta[`work.req:${op}`] ?? 0), 0),
      wru: delta["work.wru"] ?? 0,
      page,
      totalPages: meta?.totalPages ?? null,
      total: meta?.total ?? (Array.isArray(answer.data) ? answer.data.length : null),
      rruBy: byPrefix(delta, "work.rru@"),
    };
  };

  const started = Date.now();
  for (const size of options.sizes) {
    const growing = Date.now();
    await growHistory(context, w, size);
    await h.settle(STAGE_QUIET_MS);
    const grown = (Date.now() - growing) / 1000;
    for (const probe of listProbes(w)) {
      const first = await measure(probe, size, 1);
      record(probe, false, first);
      if (probe.paged) {
        const deep = deepestFullPage(first.total ?? 0);
        record(probe, true, await measure(probe, size, deep));
      }
    }
    console.log(
      `  ${size} ended runs: grown in ${grown.toFixed(1)} s, lists measured in ${((Date.now() - growing) / 1000 - grown).toFixed(1)} s`,
    );
  }

  // A deepest full page that is page 1 at every stage is the page-1 row again.
  const shown = [...rows.values()].filter((row) => !row.deep || row.figures.some((f) => f.page > 1));
  const results = shown.map((row) => {
    const smallest = row.figures[0] as Figure;
    const largest = row.figures[row.figures.length - 1] as Figure;
    return {
      ...row,
      growth: growthRatio(smallest.rru, largest.rru),
      perThousand: rruPerThousandRuns(smallest, largest),
      independent: isIndependent(smallest.rru, largest.rru),
    };
  });

  console.log(
    `\nRead units per list request (DynamoDB read requests in brackets; p = the page asked for), by ended runs in the workspace`,
  );
  const cell = (f: Figure, deep: boolean) =>
    `${f.rru.toFixed(1)} (${f.readRequests})${deep ? ` p${f.page}` : ""}`;
  printTable(
    ["list", ...options.sizes.map(String), "growth", "per 1,000 runs", "independent"],
    results.map((row) => [
      row.name,
      ...row.figures.map((f) => cell(f, row.deep)),
      row.growth === null ? "n/a" : `${row.growth.toFixed(2)}×`,
      `${row.perThousand >= 0 ? "+" : ""}${row.perThousand.toFixed(1)}`,
      row.independent ? "yes" : "NO",
    ]),
    "  ",
  );
  const growing = results.filter((row) => !row.independent);
  console.log(
    `\nIndependent of history: reads at ${options.sizes.at(-1)} ended runs ≤ the larger of ${GROWTH_TOLERANCE.ratio}× and +${GROWTH_TOLERANCE.plusRru} RRU of those at ${options.sizes[0]}. ` +
      `${results.length - growing.length} of ${results.length} lists are; growing: ${growing.map((row) => row.name).join("; ") || "none"}.`,
  );

  if (growing.length > 0) {
    console.log(
      `\nWhat grew, from ${options.sizes[0]} to ${options.sizes.at(-1)} ended runs, by what was read (RRU):`,
    );
    for (const row of growing) {
      const grew = since(row.figures[0]?.rruBy ?? {}, row.figures.at(-1)?.rruBy ?? {});
      const parts = Object.entries(grew).map(([what, units]) => `${what} ${units > 0 ? "+" : ""}${units}`);
      console.log(`  ${row.name}: ${parts.join(", ")}`);
    }
  }

  const snapshot = h.tally.snapshot();
  const billingErrors = snapshot["proxy.billing-errors"] ?? 0;
  const proxyErrors = snapshot["proxy.errors"] ?? 0;
  const valid = billingErrors === 0 && proxyErrors === 0;
  if (!valid)
    console.error(`FAIL: ${billingErrors} requests the proxy could not bill, ${proxyErrors} proxy errors`);
  const cpu = cpus();
  console.log(
    JSON.stringify({
      bench: "lists",
      sizes: options.sizes,
      pageSize: PAGE_SIZE,
      live: { waiting: LIVE_WAITING, paused: LIVE.paused, pending: LIVE.pending },
      windowRuns: WINDOW_RUNS,
      tolerance: GROWTH_TOLERANCE,
      method:
        "each list request alone on a quiet service, billed by bench/lib/billing-proxy.ts from item sizes; independent when RRU at the largest stage ≤ max(ratio × smallest, smallest + plusRru)",
      lists: results.map((row) => ({
        name: row.name,
        path: row.path,
        deepestFullPage: row.deep,
        stages: row.figures,
        growth: row.growth === null ? null : Math.round(row.growth * 1000) / 1000,
        rruPerThousandRuns: Math.round(row.perThousand * 100) / 100,
        independent: row.independent,
      })),
      allIndependent: growing.length === 0,
      elapsedSeconds: Math.round((Date.now() - started) / 1000),
      machine: { cpu: cpu[0]?.model ?? "unknown", cpus: cpu.length, node: process.version },
      valid,
    }),
  );
  return valid ? 0 : 1;
}

await runBench({
  readOptions,
  start: () =>
    startBilledService({
      label: "lists",
      // The failing workflow's http step: answered 500, and with no retry it fails the run at once.
      receiver: { statusOf: (path) => (path === "/fails" ? 500 : 200) },
    }),
  stopping: "the service, the billing proxy and DynamoDB Local",
  main,
});
