/** The dashboard as a picture (docs/product.md, "Dashboard"): orders and revenue per day over the last 30 days
 * (revenue per currency as recorded, one currency at a time) and the top products. Plain SVG bars whose colours
 * come from the theme; a right-to-left console mirrors the drawing so time runs from right to left, and every
 * chart also reads as a table. */
import { useMemo, useState } from "react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { CURRENCIES, formatMoney, type Currency } from "@store/shared/currency";
import type { Sales, SalesDay, TopProducts } from "@store/shared/schemas/orders";
import { layoutBars, peakIndex } from "./bar-chart.ts";

const PLOT = { width: 300, height: 90 };

function useDayLabel(): (day: string) => string {
  const { i18n } = useLingui();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.locale, { day: "numeric", month: "short", timeZone: "UTC" });
    return (day: string) => format.format(Date.parse(`${day}T00:00:00Z`));
  }, [i18n.locale]);
}

interface DayChartProps {
  days: readonly SalesDay[];
  values: readonly number[];
  /** A value as read (a count, an amount). */
  format: (value: number) => string;
  /** The chart's accessible name: what it shows, its total and its best day. */
  label: string;
  testId: string;
}

function DayChart({ days, values, format, label, testId }: DayChartProps) {
  const dayLabel = useDayLabel();
  const bars = layoutBars(values, PLOT);
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="admin-chart" data-testid={testId}>
      <svg
        className="admin-chart__plot"
        viewBox={`0 0 ${PLOT.width} ${PLOT.height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
      >
        <line className="admin-chart__axis" x1={0} x2={PLOT.width} y1={PLOT.height} y2={PLOT.height} />
        {bars.map((bar, i) => {
          const day = days[i];
          return day ? (
            <rect key={day.day} className="admin-chart__bar" data-day={day.day} {...bar}>
              <title>{`${dayLabel(day.day)}: ${format(values[i] ?? 0)}`}</title>
            </rect>
          ) : null;
        })}
      </svg>
      {first && last ? (
        <figcaption className="admin-chart__range">
          <span>{dayLabel(first.day)}</span>
          <span>{dayLabel(last.day)}</span>
        </figcaption>
      ) : null}
    </figure>
  );
}

/** Currencies with revenue in the window, in the store's order. */
function currenciesOf(days: readonly SalesDay[]): Currency[] {
  return CURRENCIES.filter((c) => days.some((d) => (d.revenue[c] ?? 0) > 0));
}

export function SalesCharts({
  sales,
  topProducts,
}: {
  sales: Sales | null;
  /** Null until its answer came (it is read apart from the days). */
  topProducts: TopProducts["topProducts"] | null;
}) {
  const { t, i18n } = useLingui();
  const dayLabel = useDayLabel();
  const days = sales?.days ?? [];
  const currencies = currenciesOf(days);
  const [picked, setPicked] = useState<Currency | null>(null);
  const currency = picked !== null && currencies.includes(picked) ? picked : (currencies[0] ?? null);
  const orders = days.map((d) => d.orders);
  const revenue = currency ? days.map((d) => d.revenue[currency] ?? 0) : [];
  const totalOrders = orders.reduce((a, b) => a + b, 0);
  const money = (minor: number) => (currency ? formatMoney(minor, currency, i18n.locale) : String(minor));
  const peak = (values: readonly number[], format: (v: number) => string) => {
    const i = peakIndex(values);
    const day = days[i];
    return day ? t`Busiest day: ${dayLabel(day.day)} (${format(values[i] ?? 0)}).` : t`No orders in this period.`;
  };
  const topUnits = Math.max(1, ...(topProducts?.map((p) => p.units) ?? []));

  if (!sales) return null;
  return (
    <section className="box admin-sales" aria-labelledby="admin-sales-title" data-testid="sales-charts">
      <h3 id="admin-sales-title">
        <Trans>Last 30 days</Trans>
      </h3>
      <div className="admin-sales__charts">
        <div>
          <h4>
            <Trans>Orders per day</Trans>{" "}
            <span className="muted" data-testid="sales-orders-total">
              (<Plural value={totalOrders} one="# order" other="# orders" />)
            </span>
          </h4>
          <DayChart
            days={days}
            values={orders}
            format={(n) => String(n)}
            label={`${t`Orders per day`}: ${totalOrders}. ${peak(orders, String)}`}
            testId="chart-orders"
          />
        </div>
        <div>
          <h4>
            <Trans>Revenue per day</Trans>
          </h4>
          {currency === null ? (
            <p className="muted">
              <Trans>No paid orders in this period.</Trans>
            </p>
          ) : (
            <>
              {currencies.length > 1 ? (
                <div className="admin-sales__currencies" role="group" aria-label={t`Currency`}>
                  {currencies.map((c) => (
                    <button
                      key={c}
                      type="button"
                      className="btn btn--sm btn--secondary"
                      aria-pressed={c === currency}
                      onClick={() => setPicked(c)}
                    >
                      {c}
                    </button>
                  ))}
                </div>
              ) : null}
              <p className="admin-sales__total" data-testid="sales-revenue-total">
                <bdi>{money(revenue.reduce((a, b) => a + b, 0))}</bdi>
              </p>
              <DayChart
                days={days}
                values={revenue}
                format={money}
                label={`${t`Revenue per day`} (${currency}). ${peak(revenue, money)}`}
                testId="chart-revenue"
              />
            </>
          )}
        </div>
      </div>
      <div>
        <h4>
          <Trans>Top products</Trans>
        </h4>
        {topProducts === null ? null : topProducts.length === 0 ? (
          <p className="muted">
            <Trans>No paid orders in this period.</Trans>
          </p>
        ) : (
          <ol className="admin-top-products" data-testid="top-products">
            {topProducts.map((p) => (
              <li key={p.id}>
                <span className="admin-top-products__title">{p.title}</span>
                <span className="admin-top-products__units">
                  <Plural value={p.units} one="# sold" other="# sold" />
                </span>
                <span className="admin-top-products__bar" aria-hidden="true">
                  <span style={{ inlineSize: `${Math.round((p.units / topUnits) * 100)}%` }} />
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
      <details className="admin-sales__table">
        <summary>
          <Trans>Show as a table</Trans>
        </summary>
        <table>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Day</Trans>
              </th>
              <th scope="col">
                <Trans>Orders</Trans>
              </th>
              {currencies.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayLabel(d.day)}</th>
                <td>{d.orders}</td>
                {currencies.map((c) => (
                  <td key={c}>
                    <bdi>{formatMoney(d.revenue[c] ?? 0, c, i18n.locale)}</bdi>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
