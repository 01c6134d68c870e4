import type { ApiClient } from "./cost-workloads";

/** The creation bench's reads of the run list: whether it is exact, and when the engine is done with it. */

const PAGE_SIZE = 100;

/** Pages through the list: whether `total` is the runs created and each run is listed exactly once. */
export async function listedExactly(api: ApiClient, apiKey: string, runIds: string[]): Promise<boolean> {
  const seen: string[] = [];
  let total = -1;
  for (let page = 1; page <= Math.ceil(runIds.length / PAGE_SIZE) + 1; page++) {
    const response = await fetch(`${api.url}/v1/workflow-runs?page=${page}&pageSize=${PAGE_SIZE}`, {
      headers: { "x-api-key": apiKey },
    });
    const body = (await response.json()) as { data: { id: string }[]; meta: { total: number } };
    total = body.meta.total;
    seen.push(...body.data.map((run) => run.id));
  }
  return total === runIds.length && seen.length === runIds.length && new Set(seen).size === seen.length;
}

/**
 * Waits until the engine has run every run created so far (none PENDING or RUNNING), so a timed phase does
 * not share DynamoDB Local with the work the phase before it left behind: each side of a ratio is measured
 * on a service at rest.
 */
export async function settled(api: ApiClient, apiKey: string): Promise<void> {
  const deadline = Date.now() + 5 * 60_000;
  const live = async (status: string) => {
    const response = await fetch(`${api.url}/v1/workflow-runs?status=${status}&pageSize=1`, {
      headers: { "x-api-key": apiKey },
    });
    return ((await response.json()) as { meta: { total: number } }).meta.total;
  };
  while ((await live("PENDING")) + (await live("RUNNING")) > 0) {
    if (Date.now() > deadline) throw new Error("the engine did not finish the burst's runs in 5 minutes");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
