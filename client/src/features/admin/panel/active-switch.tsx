/** The on/off switch of a list row (banners, promos): the row's name is in its accessible name. */
import { useLingui } from "@lingui/react/macro";

interface ActiveSwitchProps {
  /** The state shown, including a queued offline change. */
  active: boolean;
  /** What is switched, as the operator knows it (a banner's title, a promo's code). */
  name: string;
  disabled: boolean;
  onChange: (active: boolean) => void;
}

export function ActiveSwitch(props: ActiveSwitchProps) {
  const { active, disabled, onChange } = props;
  const { t } = useLingui();
  return (
    <label className="ac-switch">
      <input
        type="checkbox"
        role="switch"
        checked={active}
        disabled={disabled}
        // props.name, not a bare name, keeps the catalogs' positional placeholder ("Active: {0}").
        aria-label={t`Active: ${props.name}`}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <span aria-hidden="true">{active ? t`On` : t`Off`}</span>
    </label>
  );
}
