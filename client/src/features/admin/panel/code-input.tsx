/** A text field for what is typed exactly rather than written: a promo code, an email address or domain, an address
 * range. It reads left to right in every language, and the device neither completes, capitalizes (unless `capitals`)
 * nor spell-checks it. */
interface CodeInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Promo codes are capitals: the phone's keyboard starts in capitals. */
  capitals?: boolean;
  invalid?: boolean;
}

export function CodeInput({ id, value, onChange, placeholder, capitals = false, invalid = false }: CodeInputProps) {
  return (
    <input
      id={id}
      value={value}
      dir="ltr"
      autoComplete="off"
      autoCapitalize={capitals ? "characters" : "off"}
      spellCheck={false}
      placeholder={placeholder}
      aria-invalid={invalid ? true : undefined}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
