import { useLingui } from "@lingui/react/macro";
import { toggleTheme, useTheme } from "../prefs/prefs-store.ts";
import { MoonIcon, SunIcon } from "../../ui/icons.tsx";

export function ThemeToggle() {
  const { t } = useLingui();
  const theme = useTheme();
  const label = theme === "dark" ? t`Switch to light theme` : t`Switch to dark theme`;
  return (
    <button type="button" className="btn btn--ghost btn--icon" aria-label={label} title={label} onClick={toggleTheme}>
      {theme === "dark" ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
