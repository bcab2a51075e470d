/** The Edit and Delete buttons of a list row; their accessible names carry the row's name ("Edit Summer sale"). */
import { Trans, useLingui } from "@lingui/react/macro";

interface RowButtonProps {
  /** What the row is, as the operator knows it (a banner's title, a category's name, a promo's code). */
  name: string;
  onClick: () => void;
}

// props.name, not a bare name, keeps the catalogs' positional placeholders ("Edit {0}", "Delete {0}").
export function EditButton(props: RowButtonProps) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="btn btn--sm btn--secondary"
      aria-label={t`Edit ${props.name}`}
      onClick={props.onClick}
    >
      <Trans>Edit</Trans>
    </button>
  );
}

export function DeleteButton(props: RowButtonProps) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="btn btn--sm btn--danger"
      aria-label={t`Delete ${props.name}`}
      onClick={props.onClick}
    >
      <Trans>Delete</Trans>
    </button>
  );
}
