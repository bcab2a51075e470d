/** The demo store sells end to end: a Pixel 7 shopper buys an automatic demo product, the operator marks it paid, and
 * the delivery email and the private order page carry a DEMO- code, in English and in Arabic; the dashboard on an
 * 834x1194 tablet says the codes are demo codes (in English and Arabic); the stock panel warns about odd lines
 * before an import and tells alike codes apart. */
import { devices, expect } from "@playwright/test";
import { test } from "../api-test.ts";
import { signIn } from "../admin/console-helpers.ts";
import { findMail, placeOrderByForm, uniqueEmail } from "../checkout/checkout-helpers.ts";
import { buyOne, createStockProduct, privateOrderLink, stockOf, tag } from "./stock-helpers.ts";

const IPAD = { width: 834, height: 1194 };
const DEMO_CODE = /DEMO-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/;

test.describe.configure({ timeout: 120_000 });

test.describe("a phone shopper", () => {
  const { defaultBrowserType: _browser, ...pixel7 } = devices["Pixel 7"];
  test.use({ ...pixel7, serviceWorkers: "block" });

  test("buys an automatic demo product and receives a DEMO- code by email and on the private page", async ({
    page,
    api,
  }) => {
    const before = await stockOf(api, "psn-25-us");
    expect(before.deliveryMode).toBe("automatic");
    expect(before.total.available).toBeGreaterThan(0);

    const code = await buyOne(page, "psn-25-us", uniqueEmail("demo.buyer"));
    await api.send("POST", `/api/admin/orders/${code}/mark-paid`, {});

    // The delivery email as the shopper's inbox got it (the dev mailbox's .eml), whatever its subject's wording.
    await expect
      .poll(
        async () => {
          const mails = await Promise.all(
            ["codes", "code"].map((subject) => findMail(code, { subject, timeoutMs: 2_000 }).catch(() => null)),
          );
          return mails.some((m) => DEMO_CODE.test(m?.text ?? ""));
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    await page.goto(await privateOrderLink(api, code));
    await expect(page.getByTestId("order-status")).toHaveText("Delivered");
    await page.getByRole("button", { name: "Reveal codes" }).click();
    await expect(page.getByTestId("delivered-code").locator("code")).toHaveText(DEMO_CODE);
    expect((await stockOf(api, "psn-25-us")).total.available).toBe(before.total.available - 1);
  });

  test("in Arabic, right to left: buys a demo gift card and reads its DEMO- code in an Arabic email and on the order page", async ({
    page,
    api,
  }) => {
    const before = await stockOf(api, "psn-25-us");
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("lang", "ar"));
    await page.goto("/product/psn-25-us");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: "أضف إلى السلة", exact: true }).click();
    await expect(page.getByText("تمت الإضافة إلى السلة").first()).toBeVisible();
    await page.goto("/checkout");
    const code = await placeOrderByForm(page, { lang: "ar", name: "سلمى حداد", email: uniqueEmail("demo.buyer.ar") });
    await api.send("POST", `/api/admin/orders/${code}/mark-paid`, {});

    // The delivery email in the shopper's language, with the code.
    const mail = await findMail(code, { subject: `رموزك للطلب ${code}`, timeoutMs: 30_000 });
    expect(mail.text ?? "").toMatch(DEMO_CODE);

    await page.goto(await privateOrderLink(api, code));
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("order-status")).toHaveText("تم التسليم");
    await page.getByRole("button", { name: "إظهار الرموز" }).click();
    await expect(page.getByTestId("delivered-code").locator("code")).toHaveText(DEMO_CODE);
    expect((await stockOf(api, "psn-25-us")).total.available).toBe(before.total.available - 1);
  });
});

test.describe("the operator on a tablet", () => {
  test.use({ viewport: IPAD, serviceWorkers: "block" });

  test("sees on the dashboard that the codes in stock are demo codes, in English and Arabic", async ({ page }) => {
    await signIn(page);
    const notice = page.getByTestId("demo-codes-notice");
    await expect(notice).toContainText("The codes in stock are demo codes.");
    await expect(notice).toContainText(/\d+ demo codes \(starting with DEMO-\) are still for sale/);
    await expect(notice).toContainText("in its Stock section, revoke the demo codes and import your own");
    // The stock card does not claim anything about stock the demo does not have.
    await expect(page.getByTestId("stock-no-automatic")).toHaveCount(0);

    await page.evaluate(() => localStorage.setItem("lang", "ar"));
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("demo-codes-notice")).toContainText("الرموز الموجودة في المخزون رموز تجريبية.");
  });

  test("is warned about odd lines before importing, and tells alike codes apart", async ({ page, api }) => {
    const t = tag();
    const product = await createStockProduct(api, { title: `Demo masks ${t}`, variants: ["Small", "Large"] });
    const stock = await stockOf(api, product.id);
    const [small, large] = stock.variants.map((v) => v.variantId ?? "");
    for (const [variantId, code] of [
      [small, `M${t}-AAAA-0002`],
      [large, `M${t}-BBBB-0002`],
    ] as const) {
      const answer = (await api.send("POST", `/api/admin/products/${product.id}/codes/import`, {
        text: code,
        variantId,
      })) as { summary: { imported: number } };
      expect(answer.summary.imported).toBe(1);
    }

    await signIn(page);
    await page.goto(`/admin?section=products&product=${encodeURIComponent(product.id)}`);
    const panel = page.getByRole("dialog", { name: "Edit Product" }).getByTestId("stock-panel");
    const rows = panel.getByTestId("code-row");
    await expect(rows).toHaveCount(2);
    const masks = await rows.locator("code").allTextContents();
    expect(new Set(masks).size).toBe(2);
    for (const m of masks) expect(m).toMatch(/•/);
    await expect(rows.filter({ hasText: "Large" }).locator("code")).toContainText("B-0002");
    await rows
      .filter({ hasText: "Small" })
      .getByRole("button", { name: /^Revoke code/ })
      .click();
    const confirm = page.getByRole("dialog", { name: "Revoke this code?" });
    await expect(confirm).toContainText("Option: Small");
    await confirm.getByRole("button", { name: "Cancel" }).click();

    // Odd lines: a warning line by line, then "Import anyway".
    await panel.getByLabel("Option").selectOption({ label: "Large" });
    await panel.getByLabel("Paste codes").fill(`OK-${t}-1\nbad code with spaces and ü\nÉTÉ-${t}`);
    await panel.getByRole("button", { name: "Import codes" }).click();
    const warnings = panel.getByTestId("import-warnings");
    await expect(warnings).toContainText("2 lines do not look like codes:");
    await expect(warnings.getByTestId("import-warning").nth(0)).toHaveText(
      "Line 2: a space inside the code, a character beyond plain ASCII (accented letter or look-alike)",
    );
    await expect(warnings.getByTestId("import-warning").nth(1)).toContainText("Line 3:");
    expect((await stockOf(api, product.id)).total.available).toBe(2);
    await warnings.getByRole("button", { name: "Import anyway" }).click();
    await expect(panel.getByTestId("import-counts")).toContainText("3 imported");
    expect((await stockOf(api, product.id)).total.available).toBe(5);

    // A tab: only "Fix the codes"; nothing is sent.
    await panel.getByLabel("Paste codes").fill(`TAB\t${t}`);
    await panel.getByRole("button", { name: "Import codes" }).click();
    await expect(panel.getByTestId("import-warnings")).toContainText("a control character (tab or invisible)");
    await expect(panel.getByRole("button", { name: "Import anyway" })).toHaveCount(0);
    await panel.getByRole("button", { name: "Fix the codes" }).click();
    await expect(panel.getByTestId("import-warnings")).toHaveCount(0);
    expect((await stockOf(api, product.id)).total.available).toBe(5);
  });
});
