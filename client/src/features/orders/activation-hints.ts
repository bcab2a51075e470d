/** Short per-platform activation hints beside each delivered code (docs/decisions.md D10), by the platform family of
 * shared/src/platform-family.ts; the same advice as the delivery email's. */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { platformFamily, type PlatformFamily } from "@store/shared/platform-family";

const HINTS: Record<PlatformFamily, MessageDescriptor> = {
  playstation: msg`PlayStation: PlayStation Store > ⋯ (menu) > Redeem code, or store.playstation.com/redeem.`,
  xbox: msg`Xbox: Microsoft Store > Redeem a code, or redeem.microsoft.com.`,
  nintendo: msg`Nintendo Switch: Nintendo eShop > Redeem Code, or accounts.nintendo.com/redeem.`,
  steam: msg`Steam: Games > Activate a Product on Steam (or store.steampowered.com/account/redeemwalletcode).`,
  mobile: msg`Mobile: App Store > your account > Redeem Gift Card or Code; Google Play > Menu > Redeem code.`,
  pc: msg`PC: redeem the code in the publisher's launcher or on its website, signed in to your account.`,
  other: msg`Redeem the code on the service's website or app, signed in to your account.`,
};

/** The hint for a product's platform (its title as a second clue). */
export function activationHint(platform: string, title = ""): MessageDescriptor {
  return HINTS[platformFamily(platform, title)];
}
