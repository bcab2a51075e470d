import { useEffect, useId, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { activateLocale } from "../../i18n/i18n.ts";
import { setLang, useLang } from "../prefs/prefs-store.ts";
import { LOCALES, type Locale } from "../prefs/prefs-rules.ts";
import { GlobeIcon } from "../../ui/icons.tsx";

/** Language names are written in their own language, so they are not translated. */
const NAMES: Record<Locale, string> = { en: "English", fr: "Français", ar: "العربية" };

async function switchLanguage(lang: Locale): Promise<void> {
  await activateLocale(lang);
  setLang(lang);
}

export function LanguageMenu() {
  const { t } = useLingui();
  const lang = useLang();
  const current = NAMES[lang];
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (e.target instanceof Node && !rootRef.current?.contains(e.target)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    rootRef.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]')?.focus();
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className="menu" ref={rootRef}>
      <button
        type="button"
        className="btn btn--ghost btn--icon-text"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <GlobeIcon />
        {/* The name is the words shown (WCAG 2.5.3): "EN" on wide screens, and what it stands for. */}
        <span className="visually-hidden">{t`Language: ${current}`} </span>
        <span className="hide-sm" aria-hidden="true">
          {lang.toUpperCase()}
        </span>
      </button>
      {open ? (
        <div className="menu__list" role="menu" id={menuId} aria-label={t`Language`}>
          {LOCALES.map((code) => (
            <button
              key={code}
              type="button"
              role="menuitemradio"
              aria-checked={code === lang}
              lang={code}
              className="menu__item"
              onClick={() => {
                setOpen(false);
                void switchLanguage(code);
              }}
            >
              {NAMES[code]}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
