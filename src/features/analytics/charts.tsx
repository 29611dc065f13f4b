// The recharts drawings. Only this feature imports recharts, and /dashboard/analytics is a lazy route, so the
// library lands in the dashboard chunks and never in the landing page's JavaScript.
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCount, formatDayLong, formatDayShort, type DayCount, type ScanCounts } from './format.ts';

const BRAND = '#1A2BB2';
/** Unique scans: a second colour distinct from the brand blue for colour-blind readers too (teal vs. indigo). */
const UNIQUE = '#0F766E';

const PALETTE = ['#1A2BB2', '#0EA5E9', '#16A34A', '#EA580C', '#9333EA', '#DC2626', '#CA8A04', '#4B5563'];
const AXIS = { fontSize: 12, fill: '#4A5568' };

export function ScansOverTimeChart({ data }: { data: DayCount[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -12 }} accessibilityLayer={false}>
        <defs>
          <linearGradient id="scansFill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={BRAND} stopOpacity={0.35} />
            <stop offset="100%" stopColor={BRAND} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#E2E8F0" />
        <XAxis dataKey="day" tickFormatter={formatDayShort} tick={AXIS} minTickGap={24} />
        <YAxis allowDecimals={false} tick={AXIS} width={48} />
        <Tooltip
          labelFormatter={(label) => formatDayLong(String(label))}
          formatter={(value, name) => [formatCount(Number(value)), String(name)]}
        />
        <Legend verticalAlign="top" height={28} />
        <Area
          type="monotone"
          dataKey="scans"
          name="Scans"
          stroke={BRAND}
          strokeWidth={2}
          fill="url(#scansFill)"
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="uniqueScans"
          name="Unique scans"
          stroke={UNIQUE}
          strokeWidth={2}
          strokeDasharray="5 3"
          dot={false}
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}

export interface NamedCount extends ScanCounts {
  name: string;
}

/** Horizontal bars, biggest first (countries, operating systems, top codes): scans and unique scans side by side. */
export function BarBreakdownChart({ data }: { data: NamedCount[] }) {
  const height = Math.max(150, data.length * 44 + 56);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={data}
        layout="vertical"
        margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#E2E8F0" />
        <XAxis type="number" allowDecimals={false} tick={AXIS} />
        <YAxis type="category" dataKey="name" tick={AXIS} width={120} interval={0} />
        <Tooltip formatter={(value, name) => [formatCount(Number(value)), String(name)]} cursor={{ fill: '#EEF0FF' }} />
        <Legend verticalAlign="top" height={28} />
        <Bar dataKey="scans" name="Scans" fill={BRAND} radius={[0, 4, 4, 0]} isAnimationActive={false} />
        <Bar dataKey="uniqueScans" name="Unique scans" fill={UNIQUE} radius={[0, 4, 4, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** A donut of scans for a handful of categories (device types); its table carries the unique scans. */
export function PieBreakdownChart({ data }: { data: NamedCount[] }) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <PieChart accessibilityLayer={false}>
        <Pie
          data={data}
          dataKey="scans"
          nameKey="name"
          innerRadius="50%"
          outerRadius="80%"
          isAnimationActive={false}
          rootTabIndex={-1}
        >
          {data.map((d, i) => (
            <Cell key={d.name} fill={PALETTE[i % PALETTE.length]} />
          ))}
        </Pie>
        <Tooltip formatter={(value) => formatCount(Number(value))} />
        <Legend verticalAlign="bottom" />
      </PieChart>
    </ResponsiveContainer>
  );
}
