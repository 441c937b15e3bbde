import { type ReactNode, useId } from "react";

export interface TideCurveData {
  title: string;
  description: string;
  dayMinutes: number;
  points: [number, number][];
  scaleMin: number;
  scaleMax: number;
  ticks: { heightM: number; label: string }[];
  hours: { minute: number; label: string }[];
  sunriseMinute: number | null;
  sunsetMinute: number | null;
  nowMinute: number | null;
  nowLabel: string;
}

interface Turn {
  type: "high" | "low";
  time: string;
  heightM: number;
  minute: number;
}

const width = 400;
const height = 210;
const margin = { left: 44, right: 10, top: 24, bottom: 28 };
const plotWidth = width - margin.left - margin.right;
const plotHeight = height - margin.top - margin.bottom;

/**
 * The day's water level as an inline SVG: drawn on the server, so it reads without JavaScript;
 * night is shaded, highs and lows are marked with their times, and a text description carries the
 * same numbers for screen readers.
 */
export function TideCurve({ curve, turns }: { curve: TideCurveData; turns: Turn[] }) {
  const id = useId();
  const x = (minute: number) =>
    margin.left + (Math.min(Math.max(minute, 0), curve.dayMinutes) / curve.dayMinutes) * plotWidth;
  const y = (metres: number) =>
    margin.top + ((curve.scaleMax - metres) / (curve.scaleMax - curve.scaleMin)) * plotHeight;
  const line = curve.points
    .map(([minute, metres], i) => `${i === 0 ? "M" : "L"}${x(minute).toFixed(1)} ${y(metres).toFixed(1)}`)
    .join(" ");
  const bottom = margin.top + plotHeight;
  const area = `${line} L${x(curve.dayMinutes).toFixed(1)} ${bottom} L${x(0).toFixed(1)} ${bottom} Z`;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full text-slate-700"
      data-testid="tide-curve"
    >
      <title id={`${id}-title`}>{curve.title}</title>
      <desc id={`${id}-desc`}>{curve.description}</desc>
      {curve.sunriseMinute !== null && curve.sunriseMinute > 0 ? (
        <rect
          x={x(0)}
          y={margin.top}
          width={x(curve.sunriseMinute) - x(0)}
          height={plotHeight}
          className="fill-slate-200/70"
        />
      ) : null}
      {curve.sunsetMinute !== null && curve.sunsetMinute < curve.dayMinutes ? (
        <rect
          x={x(curve.sunsetMinute)}
          y={margin.top}
          width={x(curve.dayMinutes) - x(curve.sunsetMinute)}
          height={plotHeight}
          className="fill-slate-200/70"
        />
      ) : null}
      {curve.ticks.map((tick) => (
        <g key={tick.label}>
          <line
            x1={margin.left}
            x2={width - margin.right}
            y1={y(tick.heightM)}
            y2={y(tick.heightM)}
            className="stroke-slate-300"
            strokeWidth={0.5}
          />
          <ChartLabel x={margin.left - 4} y={y(tick.heightM) + 3.5} anchor="end" className="fill-slate-600">
            {tick.label}
          </ChartLabel>
        </g>
      ))}
      {curve.hours.map((hour) => (
        <g key={hour.minute}>
          <line
            x1={x(hour.minute)}
            x2={x(hour.minute)}
            y1={margin.top}
            y2={margin.top + plotHeight}
            className="stroke-slate-300"
            strokeWidth={0.5}
          />
          <ChartLabel
            x={x(hour.minute)}
            y={height - 8}
            anchor={hour.minute === 0 ? "start" : "middle"}
            className="fill-slate-600"
          >
            {hour.label}
          </ChartLabel>
        </g>
      ))}
      <path d={area} className="fill-brand-100" />
      <path d={line} fill="none" className="stroke-brand-700" strokeWidth={2} strokeLinejoin="round" />
      {curve.nowMinute !== null ? (
        <g>
          <line
            x1={x(curve.nowMinute)}
            x2={x(curve.nowMinute)}
            y1={margin.top}
            y2={bottom}
            className="stroke-amber-600"
            strokeWidth={1.5}
            strokeDasharray="3 3"
          />
          <ChartLabel x={x(curve.nowMinute)} y={margin.top - 12} className="fill-amber-700 font-semibold">
            {curve.nowLabel}
          </ChartLabel>
        </g>
      ) : null}
      {turns.map((turn) => (
        <g key={`${turn.type}-${turn.minute}`}>
          <circle
            cx={x(turn.minute)}
            cy={y(turn.heightM)}
            r={3.5}
            className={turn.type === "high" ? "fill-brand-800" : "fill-teal-700"}
          />
          <ChartLabel
            x={Math.min(Math.max(x(turn.minute), margin.left + 24), width - margin.right - 24)}
            y={turn.type === "high" ? y(turn.heightM) - 7 : y(turn.heightM) + 15}
            className="fill-slate-900 font-semibold"
          >
            {turn.time}
          </ChartLabel>
        </g>
      ))}
    </svg>
  );
}

/** Every label on the chart is set at one size; where it sits, how it aligns and its colour vary. */
function ChartLabel({
  x,
  y,
  anchor = "middle",
  className,
  children,
}: {
  x: number;
  y: number;
  anchor?: "start" | "middle" | "end";
  className: string;
  children: ReactNode;
}) {
  return (
    <text x={x} y={y} textAnchor={anchor} fontSize={12} className={className}>
      {children}
    </text>
  );
}
