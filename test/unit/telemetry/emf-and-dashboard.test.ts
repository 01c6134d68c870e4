import { afterEach, describe, expect, it, vi } from "vitest";
import { createEmfMetrics } from "../../../core/adapters/telemetry/emf-metrics";
import { METRICS, METRICS_NAMESPACE } from "../../../core/domain/metrics";
import { DASHBOARD_CHARTS, dashboardBody } from "../../../infra/dashboard-body";

afterEach(() => vi.restoreAllMocks());

/** What Powertools wrote to stdout during `action`, each line parsed as an EMF document. */
async function emfLines(action: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  await action();
  vi.restoreAllMocks();
  return lines
    .join("")
    .split("\n")
    .filter((line) => line.trim().startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("metrics on Lambda (CloudWatch embedded metric format)", () => {
  it("publishes one document per label set at flush, with the labels as dimensions", async () => {
    const metrics = createEmfMetrics({ namespace: METRICS_NAMESPACE, serviceName: "weft" });
    metrics.record([
      { name: "weft_runs_started_total", value: 1 },
      { name: "weft_runs_completed_total", value: 1 },
      { name: "weft_step_duration_ms", value: 120, labels: { step_type: "llm", status: "COMPLETED" } },
    ]);
    const documents = await emfLines(() => metrics.flush());
    expect(documents).toHaveLength(2);
    const [plain, step] = documents;
    expect(plain).toMatchObject({
      service: "weft",
      weft_runs_started_total: 1,
      weft_runs_completed_total: 1,
    });
    expect(step).toMatchObject({
      service: "weft",
      step_type: "llm",
      status: "COMPLETED",
      weft_step_duration_ms: 120,
    });
    const aws = step?._aws as
      | { CloudWatchMetrics: { Namespace: string; Dimensions: string[][] }[] }
      | undefined;
    const directive = aws?.CloudWatchMetrics[0];
    expect(directive?.Namespace).toBe("Weft");
    expect(directive?.Dimensions[0]).toEqual(["service", "step_type", "status"]);
    // Flushed is gone: the next invocation publishes only its own.
    expect(await emfLines(() => metrics.flush())).toEqual([]);
  });
});

describe("the CloudWatch dashboard", () => {
  it("charts only metrics the service publishes, each searched under the dimensions it is published with", () => {
    const body = JSON.parse(dashboardBody({ region: "eu-west-1", service: "weft" })) as {
      widgets: { properties: { title: string; metrics: { expression: string }[][] } }[];
    };
    expect(body.widgets.map((widget) => widget.properties.title)).toEqual(
      DASHBOARD_CHARTS.map((c) => c.title),
    );
    const expressions = body.widgets.flatMap((widget) =>
      widget.properties.metrics.flat().map((m) => m.expression),
    );
    for (const chart of DASHBOARD_CHARTS) {
      for (const name of chart.metrics) {
        const schema = ["Weft", "service", ...METRICS[name].labels].join(",");
        expect(expressions.some((e) => e.includes(`{${schema}} MetricName="${name}"`))).toBe(true);
      }
    }
  });
});
