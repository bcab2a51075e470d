/** A whole-number input as the admin forms use them (a percent, a threshold): numeric keypad, steps of one,
 * the text kept as typed for the form's own checks. */
interface WholeNumberInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max?: number;
  invalid?: boolean;
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
      value={value}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
