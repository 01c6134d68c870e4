import { useEffect, useRef, useState } from "hono/jsx/dom";
import { formatUsd } from "../format";
import { Table } from "./table";

export interface ChartDay {
  date: string;
  byModel: { model: string; costUsd: number }[];
}

/** The narrowest width drawn: below it the figure scrolls. */
const MIN_WIDTH = 280;
const HEIGHT = 240;
/** `right` leaves room for half of the last day's label, centred on the last bar. */
const PAD = { top: 12, right: 20, bottom: 28, left: 64 };
/** Room for one day label ("11-26" at 11px) and the space around it. */
const LABEL_SLOT = 46;
export const SERIES_COUNT = 8;

/**
 * The figure's width in CSS pixels, followed as it changes (a rotated phone, a resized window); undefined
 * until first measured, so the chart is never drawn at a width it does not have.
 */
function useWidth(): [ref: { current: HTMLElement | null }, width: number | undefined] {
  const ref = useRef<HTMLElement | null>(null);
  const [width, setWidth] = useState<number | undefined>(undefined);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(MIN_WIDTH, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * Spend per day as bars stacked by model: hand-drawn SVG, no chart library. Colours come from CSS. It is
 * drawn at the figure's own width, one SVG unit to a CSS pixel, so its labels keep their 11px on a phone
 * (a fixed view box scaled down to 390 px made them 4 px), and it labels only as many days as fit.
 */
export function BarChart(props: { days: ChartDay[]; models: string[]; title: string }) {
  const [figure, width] = useWidth();
  return (
    <figure class="chart" ref={figure}>
      {width !== undefined && <Bars {...props} width={width} />}
      <figcaption>
        <ul class="legend" aria-label="Models">
          {props.models.map((model, series) => (
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

function Bars({
  days,
  models,
  title,
  width,
}: {
  days: ChartDay[];
  models: string[];
  title: string;
  width: number;
}) {
  const totals = days.map((day) => day.byModel.reduce((sum, m) => sum + m.costUsd, 0));
  const max = Math.max(...totals, 0) || 1;
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(days.length, 1);
  const barW = Math.max(2, Math.min(40, slot * 0.7));
  const y = (value: number) => PAD.top + plotH - (value / max) * plotH;
  const labelEvery = Math.ceil(days.length / Math.max(1, Math.floor(plotW / LABEL_SLOT)));
  const total = totals.reduce((a, b) => a + b, 0);
  const busiest = days[totals.indexOf(Math.max(...totals))];

  return (
    <svg
      viewBox={`0 0 ${width} ${HEIGHT}`}
      width={width}
      height={HEIGHT}
      role="img"
      aria-label={`${title}: ${formatUsd(total)} over ${days.length} days${
        busiest && total > 0 ? `, most on ${busiest.date}` : ""
      }. The table after the chart lists each day.`}
    >
      {[0, 0.5, 1].map((fraction) => (
        <g class="axis">
          <line x1={PAD.left} x2={width - PAD.right} y1={y(max * fraction)} y2={y(max * fraction)} />
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
