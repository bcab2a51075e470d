import { beforeAll, describe, expect, it } from "vitest";
import { activateLocale, i18n, loadMessages } from "../../i18n/i18n.ts";
import { activationHint } from "./activation-hints.ts";

// The routes that show these sentences load their catalog first (i18n.ts).
beforeAll(() => loadMessages("orders"));

describe("activation hints", () => {
  it("picks a hint from the product's platform, whatever its case, or from its title", async () => {
    await activateLocale("en");
    const say = (platform: string, title = "") => i18n._(activationHint(platform, title));
    expect(say("PS")).toMatch(/^PlayStation:/);
    expect(say("PlayStation 5")).toMatch(/^PlayStation:/);
    expect(say("xbox")).toContain("redeem.microsoft.com");
    expect(say("Switch")).toContain("Nintendo eShop");
    expect(say("Steam")).toContain("Activate a Product on Steam");
    expect(say("PC")).toMatch(/^PC:/);
    expect(say("Mobile")).toMatch(/^Mobile:/);
    expect(say("Other", "Steam Wallet $20")).toContain("Activate a Product on Steam");
    expect(say("Other", "Netflix")).toBe("Redeem the code on the service's website or app, signed in to your account.");
    // "ps" must be a word of its own.
    expect(say("", "Epic Games Store Gift Card")).toMatch(/^PC:/);
  });

  it("says the hint in Arabic", async () => {
    await activateLocale("ar");
    expect(i18n._(activationHint("PS"))).toMatch(/[\u0600-\u06FF]/);
    await activateLocale("en");
  });
});
