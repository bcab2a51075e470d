/** The toast that says a product went into the cart, with the way to the cart in it: on a phone it comes from the
 * top, over the header's cart button. */
import { useNavigate } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { toast } from "../../ui/toast.tsx";

export function useAddedToCartToast(): (what: string) => void {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (what) =>
    toast.success(t`Added to cart`, {
      description: what,
      action: { label: t`View cart`, onClick: () => void navigate({ to: "/cart" }) },
    });
}
