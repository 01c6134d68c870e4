import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import type { Samples } from "./stats";

export interface HttpLoad {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  connections: number;
  durationSec: number;
}

/**
 * One autocannon run. Latencies are taken from its per-response event instead of its histogram, so HTTP and
 * the raw GetItem go through the same percentile code.
 */
export function runHttpLoad(load: HttpLoad): Promise<Samples> {
  const latenciesMs: number[] = [];
  let failedResponses = 0;
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: load.url,
        method: load.method,
        headers: load.headers,
        body: load.body,
        connections: load.connections,
        duration: load.durationSec,
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          latenciesMs,
          // autocannon counts connection errors and timeouts apart from the responses it got.
          errors: failedResponses + result.errors,
          elapsedMs: performance.now() - start,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTimeMs) => {
      if (statusCode >= 200 && statusCode < 300) latenciesMs.push(responseTimeMs);
      else failedResponses += 1;
    });
  });
}
