/** One text of a catalog row in French and Arabic (docs/product.md, "Catalog languages"): a box per language, each
 * optional (the default text shows where one is left empty), the Arabic one right-to-left. */
import { CATALOG_LANGS, type CatalogLang } from "@store/shared/catalog-translations";
import { FormField } from "./form-field.tsx";

export type LangTexts = Record<CatalogLang, string>;
export const NO_LANG_TEXTS: LangTexts = { fr: "", ar: "" };

interface TranslatedInputsProps {
  /** The form's id prefix. */
  id: string;
  /** The field's key in the body's translations (`name`, `title`): its errors are `translations.fr.name`... */
  field: string;
  labels: LangTexts;
  values: LangTexts;
  errors: Readonly<Record<string, string | undefined>>;
  onChange: (values: LangTexts) => void;
}

export function TranslatedInputs({ id, field, labels, values, errors, onChange }: TranslatedInputsProps) {
  return (
    <>
      {CATALOG_LANGS.map((lang) => {
        const error = errors[`translations.${lang}.${field}`];
        return (
          <FormField key={lang} id={`${id}-${field}-${lang}`} label={labels[lang]} error={error}>
            <input
              id={`${id}-${field}-${lang}`}
              lang={lang}
              dir={lang === "ar" ? "rtl" : "ltr"}
              value={values[lang]}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onChange({ ...values, [lang]: e.currentTarget.value })}
            />
          </FormField>
        );
      })}
    </>
  );
}
