import { formatMoney } from '@voltline/shared/money';
import type { ShopOverview } from '@voltline/shared/order';

type Day = ShopOverview['days'][number];

// In SVG units; the drawing stretches to the card's width.
const BAR_STEP = 10;
const BAR_GAP = 2;
const CHART_HEIGHT = 60;

/** The day as the admin's locale writes it; the server's dates are UTC calendar days. */
function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

interface RevenueChartProps {
  days: Day[];
  totalRevenue: number;
  totalOrders: number;
}

/**
 * Revenue per day as bars. The drawing is one image with a summary for screen readers; the exact
 * figures are in a table behind "Show figures".
 */
export function RevenueChart({ days, totalRevenue, totalOrders }: RevenueChartProps) {
  // At least 1 so a month without revenue draws flat bars instead of dividing by zero.
  const highest = Math.max(1, ...days.map((day) => day.revenue));
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-label={`Revenue per day over the last ${days.length} days: ${formatMoney(totalRevenue)} in total from ${totalOrders} orders.`}
        viewBox={`0 0 ${days.length * BAR_STEP} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        className="h-24 w-full"
      >
        {days.map((day, index) => {
          // A day with any revenue stays visible next to a much bigger one.
          const height = day.revenue > 0 ? Math.max(1, (day.revenue / highest) * CHART_HEIGHT) : 0;
          return (
            <rect
              key={day.date}
              x={index * BAR_STEP + BAR_GAP / 2}
              y={CHART_HEIGHT - height}
              width={BAR_STEP - BAR_GAP}
              height={height}
              className="fill-primary"
            />
          );
        })}
        <line x1={0} y1={CHART_HEIGHT} x2={days.length * BAR_STEP} y2={CHART_HEIGHT} className="stroke-base-content/30" />
      </svg>
      {first && last && (
        <figcaption className="flex justify-between text-xs text-base-content/70" aria-hidden="true">
          <span>{dayLabel(first.date)}</span>
          <span>{dayLabel(last.date)}</span>
        </figcaption>
      )}
      <details>
        <summary className="cursor-pointer text-sm">Show figures</summary>
        <div className="max-h-64 overflow-y-auto">
          <table className="table table-xs">
            <caption className="sr-only">Orders and revenue per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Orders</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="font-normal">
                    <time dateTime={day.date}>{dayLabel(day.date)}</time>
                  </th>
                  <td>{day.orders}</td>
                  <td>{formatMoney(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
