import { formatDay, formatNumber } from "#app/lib/format";
import { useLanguage } from "#app/lib/use-language";

// Daily series drawn as an SVG on the server: no chart library, nothing to load, and the same
// picture without JavaScript. The numbers are in the table beside it (the accessible version).

const colors = ["#0f766e", "#b45309", "#4338ca", "#be185d", "#15803d"];
const width = 720;
const height = 240;
const pad = { top: 16, right: 28, bottom: 28, left: 40 };

/** A "nice" top for the axis: 1, 2 or 5 times a power of ten, at least the largest value. */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function SeriesChart({
  days,
  series,
  label,
}: {
  days: string[];
  series: { id: string; label: string; counts: number[] }[];
  label: string;
}) {
  const language = useLanguage();
  const top = niceMax(Math.max(0, ...series.flatMap((item) => item.counts)));
  const plotWidth = width - pad.left - pad.right;
  const plotHeight = height - pad.top - pad.bottom;
  const x = (index: number) => pad.left + (days.length <= 1 ? plotWidth / 2 : (index * plotWidth) / (days.length - 1));
  const y = (value: number) => pad.top + plotHeight - (value / top) * plotHeight;
  const ticks = [0, top / 2, top];
  const labelEvery = Math.ceil(days.length / 6);
  return (
    <figure className="mt-4">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full"
        role="img"
        aria-label={label}
        data-testid="analytics-chart"
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
            <text x={pad.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {formatNumber(tick, language)}
            </text>
          </g>
        ))}
        {days.map((day, index) =>
          index % labelEvery === 0 ? (
            <text key={day} x={x(index)} y={height - 8} textAnchor="middle" fontSize="11" fill="#475569">
              {formatDay(day, language, { month: "short", day: "numeric" })}
            </text>
          ) : null,
        )}
        {series.map((item, seriesIndex) => (
          <g key={item.id}>
            <polyline
              fill="none"
              stroke={colors[seriesIndex % colors.length]}
              strokeWidth="2.5"
              strokeLinejoin="round"
              points={item.counts.map((count, index) => `${x(index).toFixed(1)},${y(count).toFixed(1)}`).join(" ")}
            />
            {days.length <= 31
              ? item.counts.map((count, index) => (
                  <circle
                    key={days[index]}
                    cx={x(index)}
                    cy={y(count)}
                    r="3"
                    fill={colors[seriesIndex % colors.length]}
                  />
                ))
              : null}
          </g>
        ))}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm">
        {series.map((item, index) => (
          <span key={item.id} className="inline-flex items-center gap-2">
            <svg aria-hidden="true" width="20" height="6" viewBox="0 0 20 6">
              <rect width="20" height="6" rx="2" fill={colors[index % colors.length]} />
            </svg>
            {item.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
