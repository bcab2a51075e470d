/** What the stock panel's parts share: how an option is named. */
import { useLingui } from "@lingui/react/macro";

/** The option's name as the operator knows it; codes loaded on the product itself have none. */
export function useOptionName(): (name: string | null) => string {
  const { t } = useLingui();
  return (name) => name ?? t`The product itself`;
}
