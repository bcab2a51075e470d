import { expect, test } from "@playwright/test";
import { addFromProductPage, checkoutForm } from "./checkout-helpers.ts";

test("offline, the checkout keeps the cart and what was typed, across a reload, and waits for a connection", async ({
  page,
  context,
}) => {
  await page.goto("/");
  // The service worker must control the page so a reload works with no network.
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await addFromProductPage(page, "steam-20");
  await page.goto("/cart");
  const form = checkoutForm(page);
  await form.getByLabel("Full name").fill("Amira Ben Salah");
  await form.getByLabel("Email", { exact: true }).fill("amira@example.com");
  await form.getByLabel("WhatsApp number").fill("+216 20 123 456");
  await form.getByLabel("Notes (optional)").fill("Deliver quickly please");

  await context.setOffline(true);
  const note = page.getByText(
    "You are offline. Your cart and details are saved; placing the order needs a connection.",
  );
  await expect(note).toBeVisible();
  await expect(form.getByRole("button", { name: "Place order" })).toBeDisabled();
  await expect(form.getByRole("button", { name: "Place order" })).toHaveAccessibleDescription(/You are offline/);

  await page.reload();
  await expect(note).toBeVisible();
  await expect(form.getByLabel("Full name")).toHaveValue("Amira Ben Salah");
  await expect(form.getByLabel("Email", { exact: true })).toHaveValue("amira@example.com");
  await expect(form.getByLabel("WhatsApp number")).toHaveValue("+216 20 123 456");
  await expect(form.getByLabel("Notes (optional)")).toHaveValue("Deliver quickly please");
  await expect(page.getByText("Steam Wallet $20")).toBeVisible();

  await context.setOffline(false);
  await expect(note).toHaveCount(0);
  await expect(form.getByRole("button", { name: "Place order" })).toBeEnabled();
});
