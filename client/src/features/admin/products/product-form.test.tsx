// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ERROR_CODES } from "@store/shared/error-codes";
import type { Product } from "@store/shared/schemas/catalog";
import { activateLocale, i18n, loadMessages } from "../../../i18n/i18n.ts";
import { db } from "../../../local/db.ts";
import { toast } from "../../../ui/toast.tsx";
import { category, product } from "../../../test/fixtures.ts";
import { serving, type Reply, type SentRequest } from "../../../test/fetch-stub.ts";
import { ProductForm } from "./product-form.tsx";

// The toasts are read as calls: sonner itself is loaded lazily and is not what these tests are about.
vi.mock("../../../ui/toast.tsx", () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

const WAIT = { timeout: 5_000 };
const CATEGORIES = [category("c1", { name: "Gift Cards" }), category("c2", { name: "Steam", parentId: "c1" })];

/** The console's server for the form: a session, the daily rate, what `save` answers a product's POST or PUT, and
 * `latest` the product p1 as the server has it now. */
function consoleServer(save: (request: SentRequest) => Reply, latest?: () => Reply) {
  return serving({
    "GET /api/admin/session": [200, { username: "admin", name: "Admin", csrfToken: "t" }],
    "GET /api/admin/rate": [200, { usdToTnd: 3.2, updatedAt: 1 }],
    "POST /api/admin/products": save,
    "PUT /api/admin/products/p1": save,
    ...(latest ? { "GET /api/admin/products/p1": latest } : {}),
  });
}

function renderForm(editing?: Product) {
  const onDone = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <ProductForm product={editing} categories={CATEGORIES} onDone={onDone} onCancel={() => undefined} />
    </I18nProvider>,
  );
  return { onDone };
}

/** What the form sent to the products' address (the session and rate reads left out). */
function saves(sent: readonly SentRequest[]): SentRequest[] {
  return sent.filter((r) => r.path.startsWith("/api/admin/products"));
}

beforeAll(async () => {
  await activateLocale("en");
  await loadMessages("admin");
});

beforeEach(() => {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => true });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await db.adminOutbox.clear();
});

// Each test waits on IndexedDB and React several times: on a loaded machine that takes longer than the default.
describe("the admin product form", { timeout: 20_000 }, () => {
  it("refuses a product without a name, beside the field, and sends nothing", async () => {
    const server = consoleServer(() => [201, {}]);
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Title is required", {}, WAIT)).toBeTruthy();
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
    expect(saves(server.sent)).toEqual([]);
  });

  it("creates a product: TND typed fills USD at the daily rate, and the body holds minor units", async () => {
    const server = consoleServer(({ body }) => [201, product("p9", body as Partial<Product>)]);
    const { onDone } = renderForm();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "  Steam Wallet $20 " } });
    fireEvent.change(screen.getByLabelText("Category"), { target: { value: "c2" } });
    fireEvent.change(screen.getByLabelText("Discount %"), { target: { value: "15" } });
    const base = screen.getByRole("group", { name: "Base Price" });
    fireEvent.change(within(base).getByLabelText("TND"), { target: { value: "64" } });
    // Saved within the auto-fill's pause: the conversion is done at once, not left at USD 0.
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(onDone).toHaveBeenCalledOnce(), WAIT);
    expect(saves(server.sent)).toHaveLength(1);
    expect(saves(server.sent)[0]).toMatchObject({
      method: "POST",
      path: "/api/admin/products",
      body: {
        title: "Steam Wallet $20",
        categoryId: "c2",
        discountPercent: 15,
        price: { TND: 64_000, USD: 2000, EUR: 0, EGP: 0 },
        variants: [],
        deliveryMode: "manual",
      },
    });
    expect(saves(server.sent)[0]?.body).not.toHaveProperty("version");
    expect(toast.success).toHaveBeenCalledWith("Product created");
  });

  it("saves an edit against the version it was opened at, variants and all", async () => {
    // The answer is the product as the store keeps it: a new option gets its id there.
    const server = consoleServer(({ body }) => {
      const sent = body as Partial<Product>;
      const variants = sent.variants?.map((v, i) => ({ ...v, id: v.id ?? `new${i}` }));
      return [200, product("p1", { ...sent, ...(variants ? { variants } : {}), version: 4 })];
    });
    const editing = product("p1", {
      title: "Netflix Gift Card",
      version: 3,
      variants: [{ id: "v1", name: "1 month", price: { USD: 900, TND: 0, EUR: 0, EGP: 0 } }],
    });
    const { onDone } = renderForm(editing);
    expect(screen.getByLabelText("Name")).toHaveProperty("value", "Netflix Gift Card");
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Netflix Premium" } });
    fireEvent.click(screen.getByRole("button", { name: "Add Variant" }));
    const rows = screen.getAllByTestId("variant");
    expect(rows).toHaveLength(2);
    const added = rows[1] as HTMLElement;
    fireEvent.change(within(added).getByLabelText("Variant name"), { target: { value: "3 months" } });
    fireEvent.change(within(added).getByLabelText("USD"), { target: { value: "24.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(onDone).toHaveBeenCalledOnce(), WAIT);
    expect(saves(server.sent)).toMatchObject([
      {
        method: "PUT",
        path: "/api/admin/products/p1",
        body: {
          title: "Netflix Premium",
          version: 3,
          variants: [
            { id: "v1", name: "1 month", price: { USD: 900 } },
            { name: "3 months", price: { USD: 2450, TND: 0 } },
          ],
        },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Product updated", {
      description: "The product has been updated successfully.",
    });
  });

  it("refuses a discount over 100 and a variant without a name before anything is sent", async () => {
    const server = consoleServer(() => [201, {}]);
    renderForm();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Xbox Live" } });
    fireEvent.change(screen.getByLabelText("Discount %"), { target: { value: "150" } });
    fireEvent.click(screen.getByRole("button", { name: "Add Variant" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.getByLabelText("Discount %").getAttribute("aria-invalid")).toBe("true"), WAIT);
    expect(screen.getByText("Enter a number of 100 or less.")).toBeTruthy();
    expect(screen.getByText("Variant name is required")).toBeTruthy();
    expect(within(screen.getByTestId("variant")).getByLabelText("Variant name").getAttribute("aria-invalid")).toBe(
      "true",
    );
    expect(saves(server.sent)).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("on a 409 keeps the form open with the conflict; Keep my changes sends them again at the server's version", async () => {
    let current = product("p1", { title: "Spotify (theirs)", version: 5 });
    const server = consoleServer(
      ({ body }) => {
        const sent = body as Partial<Product>;
        // The edit conflict as the server answers it (editConflictSchema).
        if (sent.version !== current.version)
          return [409, { error: "Changed meanwhile", code: ERROR_CODES.editConflict, current }];
        current = product("p1", { ...sent, version: current.version + 1 });
        return [200, current];
      },
      () => [200, current],
    );
    const { onDone } = renderForm(product("p1", { title: "Spotify", version: 4 }));
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Spotify (mine)" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    const alert = await screen.findByRole("alert", {}, WAIT);
    expect(alert.textContent).toContain("This product was changed elsewhere since you opened it.");
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(within(alert).getByRole("button", { name: "Keep my changes" }));

    await waitFor(() => expect(onDone).toHaveBeenCalledOnce(), WAIT);
    expect(
      saves(server.sent)
        .filter((r) => r.method === "PUT")
        .map((r) => r.body as Partial<Product>)
        .map(({ title, version }) => ({ title, version })),
    ).toEqual([
      { title: "Spotify (mine)", version: 4 },
      { title: "Spotify (mine)", version: 5 },
    ]);
    expect(current).toMatchObject({ title: "Spotify (mine)", version: 6 });
  });
});
