import { useLingui } from "@lingui/react/macro";
import { toggleTheme, useTheme } from "../prefs/prefs-store.ts";

export function ThemeToggle() {
  const { t } = useLingui();
  const theme = useTheme();
  const label = theme === "dark" ? t`Switch to light theme` : t`Switch to dark theme`;
  return (
    <button type="button" className="btn btn--ghost btn--icon" aria-label={label} title={label} onClick={toggleTheme}>
      {theme === "dark" ? (
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </svg>
      ) : (
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        </svg>
      )}
    </button>
  );
}
