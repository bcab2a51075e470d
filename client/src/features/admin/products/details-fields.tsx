/** What a shopper reads about a product in the store's default language: its name, tagline, platform and region
 * (the search chips and activation hints know these lists), and description. */
import { Trans, useLingui } from "@lingui/react/macro";
import { PRODUCT_PLATFORMS, PRODUCT_REGIONS, TAGLINE_MAX } from "@store/shared/catalog-choices";
import { FormField } from "../panel/form-field.tsx";
import type { DraftFieldsProps } from "./product-form-model.ts";

/** The list's choices, and the stored value too when it is none of them (a product saved before the list). */
function choicesWith(list: readonly string[], current: string): string[] {
  return current === "" || list.includes(current) ? [...list] : [...list, current];
}

export function DetailsFields({ idPrefix: id, draft, set, errorFor: err }: DraftFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <FormField id={`${id}-title`} label={<Trans>Name</Trans>} error={err("title")}>
        <input
          id={`${id}-title`}
          value={draft.title}
          onChange={(e) => set("title", e.currentTarget.value)}
          aria-invalid={err("title") ? true : undefined}
          autoFocus
        />
      </FormField>

      <FormField id={`${id}-tagline`} label={<Trans>Tagline</Trans>} error={err("tagline")}>
        <input
          id={`${id}-tagline`}
          value={draft.tagline}
          maxLength={TAGLINE_MAX}
          aria-invalid={err("tagline") ? true : undefined}
          onChange={(e) => set("tagline", e.currentTarget.value)}
        />
      </FormField>

      <div className="ac-form__row">
        <FormField id={`${id}-platform`} label={<Trans>Platform</Trans>} error={err("platform")}>
          <select id={`${id}-platform`} value={draft.platform} onChange={(e) => set("platform", e.currentTarget.value)}>
            <option value="">{t`-- Select Platform --`}</option>
            {choicesWith(PRODUCT_PLATFORMS, draft.platform).map((platform) => (
              <option key={platform} value={platform}>
                {platform}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={`${id}-region`} label={<Trans>Region</Trans>} error={err("region")}>
          <select id={`${id}-region`} value={draft.region} onChange={(e) => set("region", e.currentTarget.value)}>
            <option value="">{t`-- Select Region --`}</option>
            {choicesWith(PRODUCT_REGIONS, draft.region).map((region) => (
              <option key={region} value={region}>
                {region === "Global" ? t`Global` : region}
              </option>
            ))}
          </select>
        </FormField>
      </div>

      <FormField id={`${id}-description`} label={<Trans>Description</Trans>} error={err("description")}>
        <textarea
          id={`${id}-description`}
          value={draft.description}
          onChange={(e) => set("description", e.currentTarget.value)}
        />
      </FormField>
    </>
  );
}
