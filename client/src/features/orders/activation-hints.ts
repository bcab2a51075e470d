/** Short per-platform activation hints beside each delivered code (docs/decisions.md D10), chosen from the product's
 * platform ("PS", "Xbox", "Switch", "PC", "Mobile", or a store named by the operator, such as "Steam"). */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

const HINTS: readonly { match: RegExp; hint: MessageDescriptor }[] = [
  {
    match: /steam/,
    hint: msg`Open Steam, choose Games › Activate a Product on Steam, and enter the code.`,
  },
  {
    match: /\b(ps|ps4|ps5|psn|playstation)\b/,
    hint: msg`On your PlayStation or at store.playstation.com, choose Redeem codes and enter the code.`,
  },
  {
    match: /xbox|microsoft/,
    hint: msg`Go to redeem.microsoft.com, or open the Microsoft Store on your Xbox, choose Redeem a code, and enter the code.`,
  },
  {
    match: /switch|nintendo/,
    hint: msg`Open Nintendo eShop on your Switch, choose Redeem code, and enter the code.`,
  },
  {
    match: /epic/,
    hint: msg`In the Epic Games Launcher, open your account menu, choose Redeem code, and enter the code.`,
  },
  {
    match: /\bpc\b/,
    hint: msg`Redeem the code in the store or launcher named on the product (Steam, Epic Games, EA app…).`,
  },
  {
    match: /mobile|android|ios|google play|app store/,
    hint: msg`Redeem the code in Google Play, the App Store, or the game named on the product.`,
  },
];

/** The hint for a product's platform, or null when none fits. */
export function activationHint(platform: string): MessageDescriptor | null {
  const p = platform.trim().toLowerCase();
  if (p === "") return null;
  return HINTS.find((h) => h.match.test(p))?.hint ?? null;
}
