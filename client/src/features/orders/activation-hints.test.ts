import { describe, expect, it } from "vitest";
import { activateLocale, i18n } from "../../i18n/i18n.ts";
import { activationHint } from "./activation-hints.ts";

describe("activation hints", () => {
  it("picks a hint from the product's platform, whatever its case, and none for an unknown one", async () => {
    await activateLocale("en");
    const say = (platform: string) => {
      const hint = activationHint(platform);
      return hint ? i18n._(hint) : null;
    };
    expect(say("PS")).toContain("PlayStation");
    expect(say("PlayStation 5")).toContain("PlayStation");
    expect(say("xbox")).toContain("redeem.microsoft.com");
    expect(say("Switch")).toContain("Nintendo eShop");
    expect(say("Steam")).toContain("Activate a Product on Steam");
    expect(say("PC")).toContain("launcher");
    expect(say("Mobile")).toContain("Google Play");
    expect(say("Other")).toBeNull();
    expect(say("")).toBeNull();
    // "ps" must be a word of its own: "Epic Games Store" is Epic, not PlayStation.
    expect(say("Epic Games Store")).toContain("Epic Games Launcher");
  });

  it("says the hint in Arabic", async () => {
    await activateLocale("ar");
    const hint = activationHint("PS");
    expect(hint && i18n._(hint)).toMatch(/[\u0600-\u06FF]/);
    await activateLocale("en");
  });
});
