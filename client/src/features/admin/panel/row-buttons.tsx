/** The Edit and Delete buttons of a list row; their accessible names carry the row's name ("Edit Summer sale"). */
import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";

interface RowButtonProps {
  /** What the row is, as the operator knows it (a banner's title, a category's name, a promo's code). */
  name: string;
  onClick: () => void;
}

/** A small button of a list row: `label` names it with its row for screen readers ("Revoke code …"). */
export function RowButton(props: {
  tone: "secondary" | "danger";
  label: string;
  text: ReactNode;
  onClick: () => void;
}) {
  return (
    <button type="button" className={`btn btn--sm btn--${props.tone}`} aria-label={props.label} onClick={props.onClick}>
      {props.text}
    </button>
  );
}

// props.name, not a bare name, keeps the catalogs' positional placeholders ("Edit {0}", "Delete {0}").
export function EditButton(props: RowButtonProps) {
  const { t } = useLingui();
  return <RowButton tone="secondary" label={t`Edit ${props.name}`} text={t`Edit`} onClick={props.onClick} />;
}

export function DeleteButton(props: RowButtonProps) {
  const { t } = useLingui();
  return <RowButton tone="danger" label={t`Delete ${props.name}`} text={t`Delete`} onClick={props.onClick} />;
}
