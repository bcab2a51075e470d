/** A product's texts in the catalog's other languages (docs/product.md, "Catalog languages"): optional; a text left
 * empty shows the default one. */
import { Trans, useLingui } from "@lingui/react/macro";
import { CATALOG_LANGS, type CatalogLang } from "@store/shared/catalog-translations";
import { TAGLINE_MAX } from "@store/shared/catalog-choices";
import { FormField } from "../panel/form-field.tsx";
import type { TextsDraft } from "./product-form-model.ts";

export function TranslationsFields({
  idPrefix,
  value,
  errorFor,
  onChange,
}: {
  idPrefix: string;
  value: Record<CatalogLang, TextsDraft>;
  errorFor: (key: string) => string | undefined;
  onChange: (lang: CatalogLang, field: keyof TextsDraft, text: string) => void;
}) {
  const { t } = useLingui();
  const labels: Record<CatalogLang, { legend: string } & Record<keyof TextsDraft, string>> = {
    fr: {
      legend: t`French`,
      title: t`Name (French)`,
      tagline: t`Tagline (French)`,
      description: t`Description (French)`,
    },
    ar: {
      legend: t`Arabic`,
      title: t`Name (Arabic)`,
      tagline: t`Tagline (Arabic)`,
      description: t`Description (Arabic)`,
    },
  };
  return (
    <fieldset className="field">
      <legend>
        <Trans>Translations (optional)</Trans>
      </legend>
      <p className="ac-hint">
        <Trans>Shoppers reading French or Arabic see these; a text left empty shows the default one.</Trans>
      </p>
      {CATALOG_LANGS.map((lang) => {
        const dir = lang === "ar" ? "rtl" : "ltr";
        return (
          <fieldset key={lang} className="field" data-testid={`translations-${lang}`}>
            <legend>{labels[lang].legend}</legend>
            {(["title", "tagline", "description"] as const).map((field) => {
              const fieldId = `${idPrefix}-${lang}-${field}`;
              const error = errorFor(`translations.${lang}.${field}`);
              const props = {
                id: fieldId,
                lang,
                dir,
                value: value[lang][field],
                "aria-invalid": error ? true : undefined,
                onChange: (e: { currentTarget: { value: string } }) => onChange(lang, field, e.currentTarget.value),
              };
              return (
                <FormField key={field} id={fieldId} label={labels[lang][field]} error={error}>
                  {field === "description" ? (
                    <textarea {...props} />
                  ) : (
                    <input {...props} maxLength={field === "tagline" ? TAGLINE_MAX : undefined} />
                  )}
                </FormField>
              );
            })}
          </fieldset>
        );
      })}
    </fieldset>
  );
}
