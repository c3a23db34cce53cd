import { REPORT_OUTCOME_CODES, REPORT_OUTCOMES, type Report } from "@common/reports";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { hourLabel, shortDay } from "../report-format";

/** The theme's colours (client/src/styles.css), so the charts read like the rest of the app. */
/** Each at least 3:1 against the white card (WCAG 1.4.11), the two bars told apart by hue. */
const COLORS = {
  calls: "#64748b",
  connects: "#4f46e5",
  conversions: "#15803d",
  other: "#64748b",
  grid: "#e2e8f0",
  axis: "#475569",
};
const AXIS = { fontSize: 12, fill: COLORS.axis };
/** Legend words in the text colour: recharts writes them in the series' colour, too light to read. */
const legendText = (value: string) => <span style={{ color: COLORS.axis }}>{value}</span>;

function ChartCard({
  title,
  description,
  summary,
  children,
}: {
  title: string;
  description: string;
  /** What the chart shows, in words, for those who do not see it (the tables below hold every figure). */
  summary: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <figure className="m-0">
          <div className="h-64 w-full" aria-hidden>
            {children}
          </div>
          <figcaption className="sr-only">{summary}</figcaption>
        </figure>
      </CardContent>
    </Card>
  );
}

/** Calls, connects and conversions on each day of the range. */
export function DaysChart({ days }: { days: Report["days"] }) {
  const busiest = days.reduce((best, day) => (day.calls > (best?.calls ?? -1) ? day : best), days[0]);
  return (
    <ChartCard
      title="Calls by day"
      description="Calls, connects and conversions on each day"
      summary={
        busiest && busiest.calls > 0
          ? `The busiest day was ${shortDay(busiest.day)} with ${busiest.calls} calls, ${busiest.connects} connects and ${busiest.conversions} conversions.`
          : "No calls in the range."
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={days}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={COLORS.grid} vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={AXIS} minTickGap={16} />
          <YAxis allowDecimals={false} tick={AXIS} />
          <Tooltip labelFormatter={(day) => shortDay(String(day))} />
          <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
          <Bar dataKey="calls" name="Calls" fill={COLORS.calls} radius={[3, 3, 0, 0]} maxBarSize={40} />
          <Bar
            dataKey="connects"
            name="Connects"
            fill={COLORS.connects}
            radius={[3, 3, 0, 0]}
            maxBarSize={40}
          />
          <Line
            dataKey="conversions"
            name="Conversions"
            stroke={COLORS.conversions}
            strokeWidth={2}
            dot={days.length <= 31}
            type="linear"
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** Calls and connects by the hour of the day they started in. */
export function HoursChart({ hours }: { hours: Report["hours"] }) {
  const busiest = hours.reduce((best, hour) => (hour.calls > (best?.calls ?? -1) ? hour : best), hours[0]);
  return (
    <ChartCard
      title="Calls by hour"
      description="When calls started, by the hour of the day"
      summary={
        busiest && busiest.calls > 0
          ? `Most calls started between ${hourLabel(busiest.hour)} and ${hourLabel((busiest.hour + 1) % 24)}: ${busiest.calls}.`
          : "No calls in the range."
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={hours} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid stroke={COLORS.grid} vertical={false} />
          <XAxis
            dataKey="hour"
            tickFormatter={hourLabel}
            tick={AXIS}
            interval="preserveStartEnd"
            minTickGap={12}
          />
          <YAxis allowDecimals={false} tick={AXIS} />
          <Tooltip labelFormatter={(hour) => hourLabel(Number(hour))} />
          <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
          <Bar dataKey="calls" name="Calls" fill={COLORS.calls} radius={[3, 3, 0, 0]} maxBarSize={40} />
          <Bar
            dataKey="connects"
            name="Connects"
            fill={COLORS.connects}
            radius={[3, 3, 0, 0]}
            maxBarSize={40}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** What the range's calls came to, most first; conversions in green. */
export function OutcomesChart({ outcomes }: { outcomes: Report["totals"]["outcomes"] }) {
  const data = REPORT_OUTCOME_CODES.map((code) => ({
    code,
    label: REPORT_OUTCOMES[code].label,
    calls: outcomes[code],
    conversion: REPORT_OUTCOMES[code].conversion,
  }))
    .filter((row) => row.calls > 0)
    .sort((a, b) => b.calls - a.calls);
  return (
    <ChartCard
      title="Outcomes"
      description="What the calls came to; conversions in green"
      summary={
        data.length
          ? `Outcomes: ${data.map((row) => `${row.label} ${row.calls}`).join(", ")}.`
          : "No outcomes recorded in the range."
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout="vertical"
          margin={{ top: 0, right: 16, bottom: 0, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={COLORS.grid} horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={AXIS} />
          <YAxis type="category" dataKey="label" width={120} tick={AXIS} interval={0} />
          <Tooltip />
          <Bar dataKey="calls" name="Calls" radius={[0, 3, 3, 0]} maxBarSize={28}>
            {data.map((row) => (
              <Cell key={row.code} fill={row.conversion ? COLORS.conversions : COLORS.other} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
