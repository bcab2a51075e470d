/** The promise for a product delivered by hand (sold without code stock): within the operator's hours of payment. */
import { Trans } from "@lingui/react/macro";
import { useProduct, useSettings } from "./catalog-hooks.ts";

interface NoteProps {
  className?: string;
  /** Inside a line of text (a span), rather than a paragraph of its own. */
  inline?: boolean;
}

export function ManualDeliveryNote({ className, inline = false }: NoteProps) {
  const hours = useSettings().manualDeliveryHours;
  const text = <Trans>Sent by hand within {hours} hours of payment, by email.</Trans>;
  return inline ? (
    <span className={className} data-testid="manual-delivery-note">
      {text}
    </span>
  ) : (
    <p className={className} data-testid="manual-delivery-note">
      {text}
    </p>
  );
}

/** The promise for an ordered product, when the local catalog says it is delivered by hand. */
export function ManualLineNote({ productId, ...props }: NoteProps & { productId: string }) {
  const product = useProduct(productId);
  return product?.deliveryMode === "manual" ? <ManualDeliveryNote {...props} /> : null;
}
