// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "../../local/db.ts";
import { toast } from "../../ui/toast.tsx";
import { product, storeSettings } from "../../test/fixtures.ts";
import { serving, type Reply, type SentRequest } from "../../test/fetch-stub.ts";
import { prepareStorefront, renderScreen } from "../../test/render-screen.tsx";
import { addToCart } from "../cart/cart-store.ts";
import { CheckoutPage } from "./checkout-page.tsx";

vi.mock("../../ui/toast.tsx", () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const WAIT = { timeout: 5_000 };

/** The store's checkout answering `order` (no payment method known: the order is paid by hand later). */
function store(order: (request: SentRequest) => Reply) {
  return serving({ "GET /api/payments/options": [503, {}], "POST /api/checkout": order });
}

const orders = (sent: readonly SentRequest[]) => sent.filter((r) => r.path === "/api/checkout");

function type(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

async function openCheckout() {
  const router = renderScreen(CheckoutPage, "/checkout");
  await screen.findByRole("heading", { name: "Your cart" }, WAIT);
  return router;
}

beforeAll(async () => {
  await prepareStorefront(
    {
      products: [
        product("steam", { title: "Steam Wallet", price: { USD: 1000, TND: 3200, EUR: 950, EGP: 50_000 } }),
        product("psn", {
          title: "PlayStation Plus",
          price: { USD: 900, TND: 2900, EUR: 850, EGP: 45_000 },
          variants: [{ id: "y1", name: "12 months", price: { USD: 6000, TND: 19_200, EUR: 5600, EGP: 300_000 } }],
        }),
      ],
      settings: storeSettings(),
    },
    { orders: true },
  );
});

beforeEach(async () => {
  await addToCart("steam", 2);
  await addToCart("psn", 1, "y1");
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  await db.cart.clear();
});

afterAll(async () => {
  await db.delete();
});

// Each test waits on IndexedDB and React several times: on a loaded machine that takes longer than the default.
describe("the checkout form", { timeout: 20_000 }, () => {
  it("says every required field's error on Place order, focuses the first, and sends nothing", async () => {
    const server = store(() => [201, {}]);
    await openCheckout();
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));

    const alerts = await screen.findAllByRole("alert", {}, WAIT);
    expect(alerts.map((a) => a.textContent)).toEqual([
      "Full name is required.",
      "Please enter a valid email address.",
      "Please enter a valid phone number.",
    ]);
    const name = screen.getByLabelText("Full name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe("checkout-name-error");
    expect(document.activeElement).toBe(name);
    expect(orders(server.sent)).toEqual([]);
  });

  it("says a bad email or WhatsApp number once the field is left, and takes the error back once it is right", async () => {
    store(() => [201, {}]);
    await openCheckout();
    type("Email", "ali@");
    type("WhatsApp number", "call me");
    expect(await screen.findByText("Please enter a valid email address.", {}, WAIT)).toBeTruthy();
    expect(screen.getByText("Please enter a valid phone number.")).toBeTruthy();
    // The name was not left yet: it says nothing.
    expect(screen.queryByText("Full name is required.")).toBeNull();

    type("Email", "ali@example.com");
    type("WhatsApp number", "+216 20 123 456");
    await waitFor(() => expect(screen.queryAllByRole("alert")).toEqual([]), WAIT);
  });

  it("sends the details, the lines and the subtotal in the chosen currency, then opens the order's page", async () => {
    const server = store(({ body }) => [
      201,
      {
        panierCode: "PAN-7K2",
        paymentLink: null,
        requiresPayment: true,
        emailSent: true,
        orderUrl: "/orders/tok",
        total: (body as { subtotal: number }).subtotal,
        currency: "EUR",
      },
    ]);
    const router = await openCheckout();
    type("Full name", " Amira Ben Salah ");
    type("Email", "amira@example.com");
    type("WhatsApp number", "+216 20 123 456");
    fireEvent.change(screen.getByLabelText("Notes (optional)"), { target: { value: "Gift for my brother" } });
    fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "EUR" } });
    await waitFor(() => expect(screen.getByTestId("checkout-total").textContent).toBe("€75.00"), WAIT);
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/order-success"), WAIT);
    expect(router.state.location.search).toEqual({ code: "PAN-7K2" });
    expect(orders(server.sent)).toEqual([
      {
        method: "POST",
        path: "/api/checkout",
        body: {
          name: "Amira Ben Salah",
          email: "amira@example.com",
          whatsapp: "+216 20 123 456",
          notes: "Gift for my brother",
          currency: "EUR",
          items: [
            { id: "steam", qty: 2 },
            { id: "psn", qty: 1, variantId: "y1" },
          ],
          promoCode: "",
          subtotal: 7500,
          locale: "en",
          paymentMethod: null,
        },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Order placed! Check your email for confirmation.", expect.anything());
    // Paid by hand later: the cart is done with.
    await waitFor(async () => expect(await db.cart.count()).toBe(0), WAIT);
  });

  it("keeps the cart and the details when the store refuses the order or cannot be reached, and says why", async () => {
    let reply: Reply = [
      422,
      { error: "Steam Wallet is out of stock.", code: "insufficient_stock", title: "Steam Wallet", available: 1 },
    ];
    const server = store(() => reply);
    await openCheckout();
    type("Full name", "Amira Ben Salah");
    type("Email", "amira@example.com");
    type("WhatsApp number", "+216 20 123 456");
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledOnce(), WAIT);
    // The shopper's sentence for the store's code, not the server's English.
    expect(toast.error).toHaveBeenCalledWith(
      'Only 1 left of "Steam Wallet". Please lower the quantity in your cart.',
      {},
    );
    await waitFor(
      () => expect(screen.getByRole("button", { name: "Place order" })).toHaveProperty("disabled", false),
      WAIT,
    );
    expect(await db.cart.count()).toBe(2);
    expect(screen.getByLabelText("Full name")).toHaveProperty("value", "Amira Ben Salah");

    reply = "unreachable";
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2), WAIT);
    expect(toast.error).toHaveBeenLastCalledWith("Something went wrong. Please try again.", {
      description: "Could not reach the store. Check your connection and try again.",
    });
    expect(orders(server.sent)).toHaveLength(2);
    expect(await db.cart.count()).toBe(2);
  });
});
