import { formatUsd } from "../format";
import { Table } from "./table";

export interface ChartDay {
  date: string;
  byModel: { model: string; costUsd: number }[];
}

const WIDTH = 960;
const HEIGHT = 260;
const PAD = { top: 12, right: 8, bottom: 28, left: 64 };
export const SERIES_COUNT = 8;

/** Spend per day as bars stacked by model: hand-drawn SVG, no chart library. Colours come from CSS. */
export function BarChart({ days, models, title }: { days: ChartDay[]; models: string[]; title: string }) {
  const totals = days.map((day) => day.byModel.reduce((sum, m) => sum + m.costUsd, 0));
  const max = Math.max(...totals, 0) || 1;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(days.length, 1);
  const barW = Math.max(2, Math.min(40, slot * 0.7));
  const y = (value: number) => PAD.top + plotH - (value / max) * plotH;
  const labelEvery = Math.ceil(days.length / 8);
  const total = totals.reduce((a, b) => a + b, 0);
  const busiest = days[totals.indexOf(Math.max(...totals))];

  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${title}: ${formatUsd(total)} over ${days.length} days${
          busiest && total > 0 ? `, most on ${busiest.date}` : ""
        }. The table after the chart lists each day.`}
      >
        {[0, 0.5, 1].map((fraction) => (
          <g class="axis">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max * fraction)} y2={y(max * fraction)} />
            <text x={PAD.left - 6} y={y(max * fraction) + 4} text-anchor="end">
              {formatUsd(max * fraction)}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const x = PAD.left + index * slot + (slot - barW) / 2;
          let base = 0;
          return (
            <g>
              <title>{`${day.date}: ${formatUsd(totals[index] ?? 0)}`}</title>
              {models.map((model, series) => {
                const cost = day.byModel.find((m) => m.model === model)?.costUsd ?? 0;
                if (cost <= 0) return null;
                const top = y(base + cost);
                const height = y(base) - top;
                base += cost;
                return (
                  <rect
                    class={`series-${series % SERIES_COUNT}`}
                    x={x}
                    y={top}
                    width={barW}
                    height={Math.max(height, 1)}
                  />
                );
              })}
              {(days.length - 1 - index) % labelEvery === 0 && (
                <text class="axis-label" x={x + barW / 2} y={HEIGHT - 8} text-anchor="middle">
                  {day.date.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul class="legend" aria-label="Models">
          {models.map((model, series) => (
            <li>
              <span class={`swatch series-${series % SERIES_COUNT}`} aria-hidden="true" />
              {model}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/** The chart's figures as a table, for screen readers and for exact amounts: days with spend only. */
export function DayTable({ days }: { days: ChartDay[] }) {
  const spent = days
    .map((day) => ({ ...day, total: day.byModel.reduce((sum, m) => sum + m.costUsd, 0) }))
    .filter((day) => day.total > 0);
  return (
    <details class="day-table">
      <summary>Spend per day as a table</summary>
      <Table
        class="compact"
        rows={spent}
        columns={[
          { head: "Day", cell: (day) => day.date },
          {
            head: "Models",
            cell: (day) => day.byModel.map((m) => `${m.model} ${formatUsd(m.costUsd)}`).join(", "),
          },
          { head: "Cost", num: true, cell: (day) => formatUsd(day.total) },
        ]}
      />
    </details>
  );
}
