import { useLingui } from "@lingui/react/macro";
import { toggleTheme, useTheme } from "../prefs/prefs-store.ts";
import { MoonIcon, SunIcon } from "../../ui/icons.tsx";

/** The light/dark switch: an icon in the header, or an icon with its words in the phone menu. */
export function ThemeToggle({ className = "", withText = false }: { className?: string; withText?: boolean }) {
  const { t } = useLingui();
  const theme = useTheme();
  const label = theme === "dark" ? t`Switch to light theme` : t`Switch to dark theme`;
  const icon = theme === "dark" ? <SunIcon /> : <MoonIcon />;
  return withText ? (
    <button type="button" className={`btn btn--ghost btn--icon-text ${className}`} onClick={toggleTheme}>
      {icon}
      <span>{label}</span>
    </button>
  ) : (
    <button
      type="button"
      className={`btn btn--ghost btn--icon ${className}`}
      aria-label={label}
      title={label}
      onClick={toggleTheme}
    >
      {icon}
    </button>
  );
}
