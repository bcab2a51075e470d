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
import { regionLabel } from "../catalog/catalog-labels.ts";

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

const GIFT_CARDS = ["gift-cards"] as const;

/** A labelled group of toggle chips, one per value. */
function ChipGroup<T extends string | number>(props: {
  label: string;
  values: readonly T[];
  isOn: (value: T) => boolean;
  name: (value: T) => string;
  onToggle: (value: T, active: boolean) => void;
}) {
  return (
    <div role="group" aria-label={props.label} className="search-chip-group">
      {props.values.map((value) => {
        const on = props.isOn(value);
        return (
          <Chip key={value} pressed={on} onClick={() => props.onToggle(value, !on)}>
            {props.name(value)}
          </Chip>
        );
      })}
    </div>
  );
}

/** Chips for a list filter (platforms, regions): each adds or removes its value, the list kept in the chips' order. */
function ListChips<T extends string>(props: {
  label: string;
  filter: "platform" | "region";
  values: readonly T[];
  selected: readonly T[];
  name: (value: T) => string;
  onChange: (next: T[], change: FilterChange) => void;
}) {
  const { filter, values, selected } = props;
  return (
    <ChipGroup
      label={props.label}
      values={values}
      isOn={(value) => selected.includes(value)}
      name={props.name}
      onToggle={(value, active) => props.onChange(toggleValue(selected, value, values), { filter, value, active })}
    />
  );
}

/** Filter chips (platforms, gift cards, regions, price caps) and the sort select. */
export const SearchFiltersBar = memo(function SearchFiltersBar({ filters, sort, onFilters, onSort }: Props) {
  const { t, i18n } = useLingui();
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
  const nameRegion = (region: (typeof REGION_FILTERS)[number]) => regionLabel(i18n, region);

  return (
    <div className="search-overlay__filters">
      <div className="search-overlay__chips">
        <ListChips
          label={t`Platform`}
          filter="platform"
          values={PLATFORM_FILTERS}
          selected={filters.platforms}
          name={(platform) => platform}
          onChange={(platforms, change) => onFilters({ ...filters, platforms }, change)}
        />
        <ChipGroup
          label={t`Category`}
          values={GIFT_CARDS}
          isOn={() => filters.giftCards}
          name={() => t`Gift cards`}
          onToggle={(value, active) =>
            onFilters({ ...filters, giftCards: active }, { filter: "category", value, active })
          }
        />
        <ListChips
          label={t`Region`}
          filter="region"
          values={REGION_FILTERS}
          selected={filters.regions}
          name={nameRegion}
          onChange={(regions, change) => onFilters({ ...filters, regions }, change)}
        />
        <ChipGroup
          label={t`Price`}
          values={PRICE_CAPS_USD}
          isOn={(cap) => filters.maxUsd === cap}
          name={(cap) => {
            const amount = dollars.format(cap);
            return t`Up to ${amount}`;
          }}
          onToggle={(cap, active) =>
            onFilters(
              { ...filters, maxUsd: toggleCap(filters.maxUsd, cap) },
              { filter: "price", value: String(cap), active },
            )
          }
        />
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
