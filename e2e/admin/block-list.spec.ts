/** Admin > Block list on a 1024x768 tablet: block an email with a reason (a bad range is refused under its field), a
 * checkout from that email gets the neutral refusal and is listed as a blocked attempt, the entry is removed (asked
 * first); and the screen in Arabic, right to left. */
import { expect } from "@playwright/test";
import { test } from "../api-test.ts";
import { expectNoSeriousAxeViolations } from "../a11y.ts";
import { tag } from "../stock/stock-helpers.ts";
import { TABLET, openSection, signIn } from "./console-helpers.ts";

test.use({ viewport: TABLET, serviceWorkers: "block" });

/** A valid checkout of one demo gift card for `email`. */
const order = (email: string) => ({
  name: "Blocked Shopper",
  email,
  whatsapp: "+216 20 123 456",
  currency: "USD",
  items: [{ id: "psn-10-us", qty: 1 }],
});

test("blocks an email, refuses its checkout neutrally, lists the attempt, and removes the entry", async ({
  page,
  request,
}) => {
  const t = tag();
  const email = `blocked-${t.toLowerCase()}@example.com`;
  await signIn(page);
  await openSection(page, "Block list");
  const panel = page.getByTestId("block-list-panel");
  await expect(panel.getByRole("heading", { name: "Block list" })).toBeVisible();

  // A range that is not one is refused under the field.
  await panel.getByLabel("What to block").selectOption("cidr");
  await panel.getByLabel("Value").fill("10.0.0.0/99");
  await panel.getByRole("button", { name: "Block", exact: true }).click();
  await expect(panel.getByText("Enter an address or a range, such as 203.0.113.0/24 or 2001:db8::/32.")).toBeVisible();

  await panel.getByLabel("What to block").selectOption("email");
  await panel.getByLabel("Value").fill(email);
  await panel.getByLabel("Reason").fill(`chargebacks ${t}`);
  await panel.getByRole("button", { name: "Block", exact: true }).click();
  const entry = panel.getByTestId("block-entry").filter({ hasText: email });
  await expect(entry).toContainText(`chargebacks ${t}`);
  await expect(entry).toContainText("Email address");

  // The shopper reads nothing about a block list.
  const refused = await request.post("/api/checkout", {
    data: order(email),
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({
    error: "We could not take this order. Please contact us.",
    code: "order_refused",
  });

  await page.reload();
  const attempts = page.getByTestId("blocked-attempts");
  await expect(attempts.getByRole("row").filter({ hasText: email })).toContainText(`Email address: ${email}`);
  await expectNoSeriousAxeViolations(page);

  await entry.getByRole("button", { name: `Remove ${email}` }).click();
  const confirm = page.getByRole("dialog", { name: "Remove from the block list?" });
  await expect(confirm).toContainText(email);
  await confirm.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(panel.getByTestId("block-entry").filter({ hasText: email })).toHaveCount(0);
  const taken = await request.post("/api/checkout", {
    data: order(email),
  });
  expect(taken.status()).toBe(200);
});

test("in Arabic the block list reads right to left", async ({ page, api }) => {
  const t = tag();
  const entry = (await api.send("POST", "/api/admin/block-list", {
    kind: "domain",
    value: `ar-${t}.example`,
    reason: "احتيال",
  })) as { id: string };
  await signIn(page);
  await page.evaluate(() => localStorage.setItem("lang", "ar"));
  await page.goto("/admin?section=blocklist");
  await expect(page.getByTestId("admin-console")).toHaveAttribute("dir", "rtl");
  const panel = page.getByTestId("block-list-panel");
  await expect(panel.getByRole("heading", { name: "قائمة الحظر" })).toBeVisible();
  const row = panel.getByTestId("block-entry").filter({ hasText: `ar-${t}.example` });
  await expect(row).toContainText("نطاق البريد الإلكتروني");
  await expect(row.getByRole("button", { name: `إزالة ar-${t}.example` })).toBeVisible();
  await page.evaluate(() => localStorage.setItem("lang", "en"));
  await api.send("DELETE", `/api/admin/block-list/${entry.id}`);
});
