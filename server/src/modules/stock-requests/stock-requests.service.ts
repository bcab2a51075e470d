/** "Email me when it is back" and "Only N left" (docs/product.md, Product detail). A shopper leaves an address for an
 * out-of-stock product sold from code stock (or one of its options); when an import brings codes for it, one email
 * goes to that address, in the language it was asked in, and the request is gone. Every such email carries a signed
 * link that removes all of the address's requests. Exports: StockRequestsService with request(body),
 * availability(productId), announceRestock(tx, productId, now) (the codes import's hook), unsubscribe(email,
 * signature) and unsubscribeUrl(email, locale). */
import {
  MAX_STOCK_REQUESTS_PER_EMAIL,
  STOCK_REQUEST_ERROR_CODES,
  stockRequestSchema,
  type Availability,
} from "@store/shared/schemas/stock-requests";
import type { Product } from "@store/shared/schemas/catalog";
import type { DataLayer, Tx } from "../../db/data.ts";
import { ConflictError, NotFoundError, ValidationError, problem } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { newTimeOrderedId } from "../../lib/ids.ts";
import type { Sealer } from "../../lib/sealer.ts";
import type { CatalogRepo } from "../catalog/catalog.repo.ts";
import type { CodesRepo } from "../codes/codes.repo.ts";
import type { MailRepo } from "../mail/mail.repo.ts";
import { backInStockMail } from "./back-in-stock-mail.ts";
import type { StockRequestsRepo } from "./stock-requests.repo.ts";

const UNSUBSCRIBE = "stock-requests: unsubscribe";

export interface StockRequestsDeps {
  data: DataLayer;
  repo: StockRequestsRepo;
  catalog: CatalogRepo;
  codes: CodesRepo;
  mail: MailRepo;
  sealer: Sealer;
  publicUrl: string;
  clock?: () => number;
}

/** The available codes a request waits for: the option's, or the whole product's when it names none. */
function availableFor(product: Product, variantId: string, available: ReadonlyMap<string | null, number>): number {
  if (variantId !== "") return available.get(variantId) ?? 0;
  if (product.variants.length === 0) return available.get(null) ?? 0;
  let total = 0;
  for (const n of available.values()) total += n;
  return total;
}

export class StockRequestsService {
  private readonly clock: () => number;

  constructor(private readonly deps: StockRequestsDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  /** Records the wish; asking twice for the same product and option changes nothing and answers the same. */
  async request(raw: unknown): Promise<void> {
    const body = parseWith(stockRequestSchema, raw);
    const email = body.email.trim().toLowerCase();
    const now = this.clock();
    await this.deps.data.transaction(async (tx) => {
      const product = await this.deps.catalog.productById(tx, body.productId);
      if (!product) throw new NotFoundError("Product not found");
      if (body.variantId !== "" && !product.variants.some((v) => v.id === body.variantId))
        throw new ValidationError("This option does not exist", { variantId: "This option does not exist" });
      if (product.deliveryMode !== "automatic")
        throw new ConflictError(
          problem("This product is not restocked automatically.", STOCK_REQUEST_ERROR_CODES.notRestocked),
        );
      const available = await this.deps.codes.availableByVariant(tx, product.id);
      if (availableFor(product, body.variantId, available) > 0)
        throw new ConflictError(
          problem("This product is in stock: you can buy it now.", STOCK_REQUEST_ERROR_CODES.inStockNow),
        );
      if ((await this.deps.repo.countFor(tx, email)) >= MAX_STOCK_REQUESTS_PER_EMAIL)
        throw new ConflictError(
          problem(
            `This address already waits for ${MAX_STOCK_REQUESTS_PER_EMAIL} products.`,
            STOCK_REQUEST_ERROR_CODES.tooManyRequests,
            { max: MAX_STOCK_REQUESTS_PER_EMAIL },
          ),
        );
      await this.deps.repo.add(tx, {
        id: newTimeOrderedId("sr", now),
        productId: product.id,
        variantId: body.variantId,
        email,
        locale: body.locale,
        createdAt: now,
      });
    });
  }

  /** How many codes are left where it is few (at or under the product's low-stock threshold, at least one). */
  async availability(productId: string): Promise<Availability> {
    return this.deps.data.read(async (tx) => {
      const product = await this.deps.catalog.productById(tx, productId);
      if (!product) throw new NotFoundError("Product not found");
      const left: Record<string, number> = {};
      if (product.deliveryMode !== "automatic") return { left };
      const available = await this.deps.codes.availableByVariant(tx, productId);
      const few = (n: number) => n > 0 && n <= product.lowStockThreshold;
      const whole = availableFor(product, "", available);
      if (few(whole)) left[""] = whole;
      for (const v of product.variants) {
        const n = available.get(v.id) ?? 0;
        if (few(n)) left[v.id] = n;
      }
      return { left };
    });
  }

  /** In an import's transaction: one email per request whose product (or option) has codes now; those requests
   * are removed with it. Answers how many mails were queued. */
  async announceRestock(tx: Tx, productId: string, now: number): Promise<number> {
    const pending = await this.deps.repo.pendingFor(tx, productId);
    if (pending.length === 0) return 0;
    const product = await this.deps.catalog.productById(tx, productId);
    if (!product) return 0;
    const available = await this.deps.codes.availableByVariant(tx, productId);
    const due = pending.filter((r) => availableFor(product, r.variantId, available) > 0);
    for (const r of due) {
      const option = product.variants.find((v) => v.id === r.variantId)?.name;
      const content = backInStockMail(r.locale, {
        title: option ? `${product.title} (${option})` : product.title,
        productUrl: `${this.deps.publicUrl}/product/${encodeURIComponent(product.id)}`,
        unsubscribeUrl: this.unsubscribeUrl(r.email, r.locale),
      });
      await this.deps.mail.enqueue(tx, { kind: "back_in_stock", orderId: null, to: r.email, ...content }, now);
    }
    await this.deps.repo.remove(
      tx,
      due.map((r) => r.id),
    );
    return due.length;
  }

  unsubscribeUrl(email: string, locale: string): string {
    const query = new URLSearchParams({ email, sig: this.deps.sealer.signLink(UNSUBSCRIBE, email), lang: locale });
    return `${this.deps.publicUrl}/api/stock-requests/unsubscribe?${query.toString()}`;
  }

  /** Whether the link is one the store signed for this address. */
  isSigned(email: string, signature: string): boolean {
    return this.deps.sealer.checkLink(UNSUBSCRIBE, email, signature);
  }

  /** Removes every request of a signed address; answers how many there were. */
  async unsubscribe(email: string, signature: string): Promise<number> {
    if (!this.isSigned(email, signature)) throw new ValidationError("This unsubscribe link is not valid.");
    return this.deps.data.transaction((tx) => this.deps.repo.removeFor(tx, email));
  }
}
