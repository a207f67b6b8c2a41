// Plain SVG bar charts (no chart library), each with the same figures as a table beside it.
import { useId, type ReactNode } from 'react';

export type BarDatum = { label: string; value: number };

/** Vertical bars; the table under the chart carries the same numbers for screen readers and copying. */
export function BarChart({ title, data, labelHeading, valueLabel }: { title: string; data: BarDatum[]; labelHeading: string; valueLabel: string }) {
  const max = Math.max(1, ...data.map((datum) => datum.value));
  const width = 320;
  const height = 160;
  const gap = 12;
  const barWidth = data.length > 0 ? (width - gap * (data.length + 1)) / data.length : 0;
  const summary = data.map((datum) => `${datum.label}: ${datum.value}`).join(', ');

  return (
    <ChartCard title={title}>
      <svg viewBox={`0 0 ${width} ${height + 36}`} className="h-auto w-full" role="img" aria-label={`${title}. ${summary}`}>
        <line x1={0} x2={width} y1={height} y2={height} className="stroke-base-300" strokeWidth={1} />
        {data.map((datum, index) => {
          const barHeight = (datum.value / max) * (height - 20);
          const x = gap + index * (barWidth + gap);
          return (
            <g key={datum.label}>
              <rect x={x} y={height - barHeight} width={barWidth} height={barHeight} rx={4} className="fill-primary" />
              <text x={x + barWidth / 2} y={height - barHeight - 6} textAnchor="middle" className="fill-base-content text-[11px] font-semibold">
                {datum.value}
              </text>
              <text x={x + barWidth / 2} y={height + 18} textAnchor="middle" className="fill-base-content/70 text-[10px]">
                {datum.label}
              </text>
            </g>
          );
        })}
      </svg>
      <FigureTable title={title} data={data} labelHeading={labelHeading} valueLabel={valueLabel} />
    </ChartCard>
  );
}

/** Horizontal CSS bars for long labels (template names). */
export function HorizontalBars({ title, data, labelHeading, valueLabel, empty }: { title: string; data: BarDatum[]; labelHeading: string; valueLabel: string; empty: string }) {
  const max = Math.max(1, ...data.map((datum) => datum.value));
  return (
    <ChartCard title={title}>
      {data.length === 0 ? (
        <p className="text-base-content/70">{empty}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-hidden="true">
            {data.map((datum) => (
              <li key={datum.label} className="grid grid-cols-[minmax(0,8rem)_1fr_2.5rem] items-center gap-2 text-sm">
                <span className="truncate">{datum.label}</span>
                <span className="h-3 rounded-full bg-base-200">
                  <span className="block h-3 rounded-full bg-secondary" style={{ width: `${(datum.value / max) * 100}%` }} />
                </span>
                <span className="text-right font-semibold">{datum.value}</span>
              </li>
            ))}
          </ul>
          <FigureTable title={title} data={data} labelHeading={labelHeading} valueLabel={valueLabel} />
        </>
      )}
    </ChartCard>
  );
}

/** A chart's card, named by its heading. */
function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="card card-border bg-base-100" aria-labelledby={headingId}>
      <div className="card-body gap-3 p-4">
        <h2 id={headingId} className="font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

function FigureTable({ title, data, labelHeading, valueLabel }: { title: string; data: BarDatum[]; labelHeading: string; valueLabel: string }) {
  return (
    <details className="collapse-arrow collapse rounded-box bg-base-200">
      <summary className="collapse-title min-h-0 py-2 text-sm font-medium">View as table</summary>
      <div className="collapse-content overflow-x-auto">
        <table className="table table-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeading}</th>
              <th scope="col" className="text-right">
                {valueLabel}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((datum) => (
              <tr key={datum.label}>
                <th scope="row" className="font-normal">
                  {datum.label}
                </th>
                <td className="text-right">{datum.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
