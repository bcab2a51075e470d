/** A whole-number input as the admin forms use them (a percent, a threshold): numeric keypad, steps of one,
 * the text kept as typed for the form's own checks. */
interface WholeNumberInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max?: number;
  invalid?: boolean;
  required?: boolean;
  className?: string;
  describedBy?: string;
}

export function WholeNumberInput({
  id,
  value,
  onChange,
  min,
  max,
  invalid,
  required,
  className,
  describedBy,
}: WholeNumberInputProps) {
  return (
    <input
      id={id}
      className={className}
      type="number"
      inputMode="numeric"
      min={String(min)}
      max={max === undefined ? undefined : String(max)}
      step="1"
      required={required}
      value={value}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** The same input over a number, as the settings hold theirs: required, shown empty while the number is NaN (the
 * field was emptied, which the setting's schema refuses on save), and read back as the browser's valueAsNumber
 * would (an empty field is NaN). */
export function WholeNumberValueInput({
  id,
  value,
  onChange,
  min,
  max,
}: {
  id: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
}) {
  return (
    <WholeNumberInput
      id={id}
      min={min}
      max={max}
      required
      value={Number.isNaN(value) ? "" : String(value)}
      onChange={(text) => onChange(text === "" ? Number.NaN : Number(text))}
    />
  );
}
