import { type ApiClient, RUN_INPUT } from "./cost-workloads";
import { inLanes } from "./lanes";

export interface Burst {
  statuses: Record<string, number>;
  latenciesMs: number[];
  runIds: string[];
}

/** `runs` creations, `concurrency` at a time (all at once by default). */
export async function burst(
  api: ApiClient,
  apiKey: string,
  definitionId: string,
  runs: number,
  concurrency = runs,
): Promise<Burst> {
  const statuses: Record<string, number> = {};
  const latenciesMs: number[] = [];
  const runIds: string[] = [];
  await inLanes(runs, concurrency, async () => {
    const started = performance.now();
    const response = await fetch(`${api.url}/v1/workflow-runs`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify({ definitionId, input: RUN_INPUT }),
    });
    const body = (await response.json()) as { data?: { id: string } };
    latenciesMs.push(performance.now() - started);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status === 201 && body.data) runIds.push(body.data.id);
  });
  return { statuses, latenciesMs, runIds };
}
