import { memo, useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { useLang } from "../prefs/prefs-store.ts";
import {
  PLATFORM_FILTERS,
  PRICE_CAPS_USD,
  REGION_FILTERS,
  toggleCap,
  toggleValue,
  type SearchFilters,
} from "./search-filters.ts";
import { isSearchSort, type SearchSort } from "./search-engine.ts";

export type FilterChange = {
  filter: "platform" | "category" | "region" | "price" | "sort";
  value: string;
  active: boolean;
};

interface Props {
  filters: SearchFilters;
  sort: SearchSort;
  onFilters: (next: SearchFilters, change: FilterChange) => void;
  onSort: (sort: SearchSort) => void;
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button type="button" className="search-chip" aria-pressed={pressed} onClick={onClick}>
      {children}
    </button>
  );
}

/** Filter chips (platforms, gift cards, regions, price caps) and the sort select. */
export const SearchFiltersBar = memo(function SearchFiltersBar({ filters, sort, onFilters, onSort }: Props) {
  const { t } = useLingui();
  const lang = useLang();
  const dollars = useMemo(
    () =>
      new Intl.NumberFormat(lang, {
        style: "currency",
        currency: "USD",
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      }),
    [lang],
  );
  const regionLabel = (region: (typeof REGION_FILTERS)[number]) => (region === "Global" ? t`Global` : region);

  return (
    <div className="search-overlay__filters">
      <div className="search-overlay__chips">
        <div role="group" aria-label={t`Platform`} className="search-chip-group">
          {PLATFORM_FILTERS.map((platform) => {
            const on = filters.platforms.includes(platform);
            return (
              <Chip
                key={platform}
                pressed={on}
                onClick={() =>
                  onFilters(
                    { ...filters, platforms: toggleValue(filters.platforms, platform, PLATFORM_FILTERS) },
                    { filter: "platform", value: platform, active: !on },
                  )
                }
              >
                {platform}
              </Chip>
            );
          })}
        </div>
        <div role="group" aria-label={t`Category`} className="search-chip-group">
          <Chip
            pressed={filters.giftCards}
            onClick={() =>
              onFilters(
                { ...filters, giftCards: !filters.giftCards },
                { filter: "category", value: "gift-cards", active: !filters.giftCards },
              )
            }
          >
            {t`Gift cards`}
          </Chip>
        </div>
        <div role="group" aria-label={t`Region`} className="search-chip-group">
          {REGION_FILTERS.map((region) => {
            const on = filters.regions.includes(region);
            return (
              <Chip
                key={region}
                pressed={on}
                onClick={() =>
                  onFilters(
                    { ...filters, regions: toggleValue(filters.regions, region, REGION_FILTERS) },
                    { filter: "region", value: region, active: !on },
                  )
                }
              >
                {regionLabel(region)}
              </Chip>
            );
          })}
        </div>
        <div role="group" aria-label={t`Price`} className="search-chip-group">
          {PRICE_CAPS_USD.map((cap) => {
            const on = filters.maxUsd === cap;
            const amount = dollars.format(cap);
            return (
              <Chip
                key={cap}
                pressed={on}
                onClick={() =>
                  onFilters(
                    { ...filters, maxUsd: toggleCap(filters.maxUsd, cap) },
                    { filter: "price", value: String(cap), active: !on },
                  )
                }
              >
                {t`Up to ${amount}`}
              </Chip>
            );
          })}
        </div>
      </div>
      <label className="search-overlay__sort">
        <span>{t`Sort by`}</span>
        <select
          value={sort}
          onChange={(e) => {
            if (isSearchSort(e.target.value)) onSort(e.target.value);
          }}
        >
          <option value="relevance">{t`Relevance`}</option>
          <option value="price-asc">{t`Price: low to high`}</option>
          <option value="price-desc">{t`Price: high to low`}</option>
          <option value="popularity">{t`Popularity`}</option>
          <option value="newest">{t`Newest`}</option>
        </select>
      </label>
    </div>
  );
});
