import { api, query } from "../api";
import { BarChart, type ChartDay, DayTable } from "../components/bar-chart";
import { Field, formValues } from "../components/form";
import { Empty, ErrorNotice, Loading } from "../components/status";
import { Table, usageColumns } from "../components/table";
import { formatUsd, isoDate } from "../format";
import { useLoad } from "../hooks";
import { navigate } from "../router";
import type { DailyCost, ModelDayCost } from "../types";
import { CostBreakdown } from "./cost-breakdown";
import { RunCosts } from "./run-costs";

const PRESETS = [7, 30, 90];

/** Every date from `from` to `to` (UTC), so days without spend show as empty slots. */
function fillDays(data: DailyCost, from: string, to: string): ChartDay[] {
  const byDate = new Map(data.days.map((day) => [day.date.slice(0, 10), day]));
  const days: ChartDay[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    days.push({ date, byModel: byDate.get(date)?.byModel ?? [] });
    if (days.length > 366) break;
  }
  return days;
}

function byModel(data: DailyCost): ModelDayCost[] {
  const totals = new Map<string, ModelDayCost>();
  for (const day of data.days) {
    for (const m of day.byModel) {
      const sum = totals.get(m.model) ?? {
        model: m.model,
        costUsd: 0,
        inputTokens: 0,
        outputTokens: 0,
        calls: 0,
      };
      sum.costUsd += m.costUsd;
      sum.inputTokens += m.inputTokens;
      sum.outputTokens += m.outputTokens;
      sum.calls += m.calls;
      totals.set(m.model, sum);
    }
  }
  return [...totals.values()].sort((a, b) => b.costUsd - a.costUsd);
}

/** Spend per day and per model over a chosen range, and each run's cost. */
export function CostsPage({ params }: { params: URLSearchParams }) {
  const to = params.get("to") ?? isoDate(0);
  const from = params.get("from") ?? isoDate(13);
  const path = `/cost/daily${query({ from, to })}`;
  const daily = useLoad(() => api<DailyCost>("GET", path), path, 10_000);
  const models = daily.data ? byModel(daily.data) : [];
  const total = models.reduce((sum, m) => sum + m.costUsd, 0);
  const days = daily.data ? fillDays(daily.data, from, to) : [];

  const apply = (event: Event) => {
    const data = formValues(event);
    navigate("/costs", { from: String(data.get("from")), to: String(data.get("to")) });
  };

  return (
    <main id="main">
      <h1 tabindex={-1}>Costs</h1>
      <form class="filters filters-range" onSubmit={apply} aria-label="Date range">
        <Field label="From">
          <input type="date" name="from" value={from} max={to} required />
        </Field>
        <Field label="To">
          <input type="date" name="to" value={to} min={from} required />
        </Field>
        <div class="filter-actions">
          <button type="submit" class="primary">
            Show
          </button>
          {PRESETS.map((days) => (
            <a class="button" href={`#/costs?from=${isoDate(days - 1)}&to=${isoDate(0)}`}>
              {days} days
            </a>
          ))}
        </div>
      </form>
      <ErrorNotice error={daily.error} />
      {!daily.data && !daily.error && <Loading />}
      {daily.data && (
        <section class="card" aria-labelledby="spend-title">
          <div class="page-head">
            <h2 id="spend-title">Spend per day</h2>
            <p class="big-number" data-testid="range-total">
              {formatUsd(total)}
            </p>
          </div>
          {total === 0 ? (
            <Empty>
              No model calls between {from} and {to}.
            </Empty>
          ) : (
            <>
              <BarChart title="Spend per day by model" days={days} models={models.map((m) => m.model)} />
              <DayTable days={days} />
            </>
          )}
          <Table
            class="compact"
            caption="By model"
            showCaption
            rows={models}
            columns={[
              { head: "Model", cell: (m) => m.model },
              ...usageColumns((m: ModelDayCost) => m, { calls: true }),
            ]}
          />
        </section>
      )}
      <CostBreakdown from={from} to={to} />
      <RunCosts page={Math.max(1, Number(params.get("runsPage")) || 1)} from={from} to={to} />
    </main>
  );
}
