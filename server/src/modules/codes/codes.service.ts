/** The operator's code stock (docs/decisions.md D10): counts, import (one transaction, batched inserts, duplicates in
 * the file and against stock refused by line), masked listing, revoke and the CSV export of unsold codes. Codes are
 * sealed (AES-256-GCM) before they reach the database and only opened for the export. Exports: CodesService with
 * stock(productId), list(productId, query), import(productId, request), revoke(productId, request),
 * exportCsv(productId) (for spreadsheets), exportText(productId) (the exact codes), and parseImport(text, format, lineOffset) (pure, for tests). */
import {
  CODE_EXPORT_COLUMNS,
  MAX_IMPORT_LINES,
  codeImportRequestSchema,
  codeListQuerySchema,
  codeRevokeRequestSchema,
  type AdminCodeList,
  type CodeImportResult,
  type CodeRevokeResult,
  type ImportRefusal,
  type ProductStock,
  type StockSummary,
} from "@store/shared/schemas/stock";
import { ADMIN_ERROR_CODES } from "@store/shared/schemas/errors";
import type { DataLayer, Tx } from "../../db/data.ts";
import { NotFoundError, ValidationError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { maskCodes, type Sealer } from "../../lib/sealer.ts";
import { csvLine } from "../../lib/csv.ts";
import { firstCsvCell } from "@store/shared/csv";
import type { CatalogRepo } from "../catalog/catalog.repo.ts";
import { CodeIntake, codeIdFloor, codeRefusal } from "./code-intake.ts";
import { emptyCounts, type CodesRepo } from "./codes.repo.ts";
import type { StockKeeper } from "./stock.ts";
import type { SettingsRepo } from "../settings/settings.repo.ts";

interface ParsedLine {
  line: number;
  code: string;
}

export interface ParsedImport {
  codes: ParsedLine[];
  refused: { line: number; reason: ImportRefusal }[];
  lines: number;
  blank: number;
}

/** One code a line: trimmed, blank lines skipped, a CSV's first cell (and its "code" header) read; refuses too long
 * and invalid lines, and later copies of a code within the text. */
export function parseImport(text: string, format: "text" | "csv", lineOffset = 0): ParsedImport {
  const raw = text.split(/\r\n|\n|\r/);
  if (raw.length > 0 && raw[raw.length - 1] === "") raw.pop();
  const out: ParsedImport = { codes: [], refused: [], lines: raw.length, blank: 0 };
  const seen = new Set<string>();
  raw.forEach((content, index) => {
    const line = lineOffset + index + 1;
    const code = format === "csv" ? firstCsvCell(content) : content.trim();
    if (code === "" || (format === "csv" && index === 0 && lineOffset === 0 && code.toLowerCase() === "code")) {
      out.blank++;
      return;
    }
    const refusal = codeRefusal(code);
    if (refusal) out.refused.push({ line, reason: refusal });
    else if (seen.has(code)) out.refused.push({ line, reason: "duplicate_in_file" });
    else {
      seen.add(code);
      out.codes.push({ line, code });
    }
  });
  return out;
}

/** What an import needs of orders: giving orders awaiting stock the codes just imported, in the import's transaction,
 * answering their codes (OrdersService does it). Declared here so that codes do not import the orders module, which
 * imports codes. */
export interface AwaitingStockOrders {
  fillAwaitingStock(tx: Tx, now: number): Promise<string[]>;
}

/** Runs in an import's transaction once its codes are stored and orders awaiting stock have taken theirs: queues
 * whatever the product's return announces ("email me when it is back") and answers how many mails it queued. */
export type RestockHook = (tx: Tx, productId: string, now: number) => Promise<number>;

/** What CodesService.checkKey seals: no secret, only proof of the key. */
const KEY_CHECK_TEXT = "this database's codes are sealed with this key";
const KEY_CHECK_CONTEXT = "key check";

export class CodesService {
  private readonly intake: CodeIntake;

  constructor(
    private readonly data: DataLayer,
    private readonly repo: CodesRepo,
    private readonly stockKeeper: StockKeeper,
    private readonly catalog: CatalogRepo,
    private readonly orders: AwaitingStockOrders,
    private readonly sealer: Sealer,
    private readonly settings: SettingsRepo,
    private readonly onMailQueued: () => void = () => undefined,
    private readonly onRestock: RestockHook = async () => 0,
    private readonly clock: () => number = Date.now,
  ) {
    this.intake = new CodeIntake(repo, sealer);
  }

  private async product(tx: Tx, productId: string) {
    const product = await this.catalog.productById(tx, productId);
    if (!product) throw new NotFoundError("Product not found", { code: ADMIN_ERROR_CODES.productNotFound });
    return product;
  }

  stock(productId: string): Promise<ProductStock> {
    return this.data.read((tx) => this.stockIn(tx, productId));
  }

  private async stockIn(tx: Tx, productId: string): Promise<ProductStock> {
    const product = await this.product(tx, productId);
    const counts = await this.repo.countsFor(tx, productId);
    const entries: ProductStock["variants"] = [];
    const isLow = (available: number) => product.deliveryMode === "automatic" && available <= product.lowStockThreshold;
    const push = (variantId: string | null, name: string | null) => {
      const c = counts.get(variantId) ?? emptyCounts();
      entries.push({ variantId, name, counts: c, low: isLow(c.available) });
    };
    for (const v of product.variants) push(v.id, v.name);
    // The product's own codes, and codes of variants since removed, are listed too when there are any.
    if (product.variants.length === 0 || counts.has(null)) push(null, null);
    for (const id of counts.keys()) if (id !== null && !product.variants.some((v) => v.id === id)) push(id, null);
    const total = emptyCounts();
    for (const c of counts.values())
      for (const key of ["available", "reserved", "sold", "revoked"] as const) total[key] += c[key];
    return {
      productId,
      deliveryMode: product.deliveryMode,
      lowStockThreshold: product.lowStockThreshold,
      total,
      low: isLow(total.available),
      variants: entries,
    };
  }

  /** `query`: the request's query parameters (status, variantId, limit, before), validated here. */
  async list(productId: string, query: unknown): Promise<AdminCodeList> {
    const q = parseWith(codeListQuerySchema, query);
    const limit = Math.min(Math.max(q.limit ?? 50, 1), 500);
    return this.data.read(async (tx) => {
      await this.product(tx, productId);
      const variantId =
        q.variantId === undefined || q.variantId === "" ? undefined : q.variantId === "none" ? null : q.variantId;
      const rows = await this.repo.list(tx, {
        productId,
        ...(q.status ? { status: q.status } : {}),
        ...(variantId === undefined ? {} : { variantId }),
        limit: limit + 1,
        ...(q.before ? { before: q.before } : {}),
      });
      const page = rows.slice(0, limit);
      const masks = maskCodes(page.map((r) => this.sealer.open(r.sealed, r.productId)));
      return {
        codes: page.map((r, i) => ({
          id: r.id,
          productId: r.productId,
          variantId: r.variantId,
          status: r.status,
          masked: masks[i] ?? "••••",
          orderCode: r.orderCode,
          createdAt: r.createdAt,
          updatedAt: r.updatedAt,
        })),
        nextBefore: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
      };
    });
  }

  /** The demo seed's stock: each entry imported as the console imports it. The codes so given are told apart by their
   * ids (they sort within the seed's time span, before any import the operator makes once the store runs), so the
   * dashboard counts the demo codes still for sale without opening a single code. */
  async seedDemo(stocks: { productId: string; variantId?: string; text: string }[]): Promise<number> {
    const from = codeIdFloor(this.clock());
    let imported = 0;
    for (const { productId, variantId, text } of stocks)
      imported += (await this.import(productId, { text, format: "text", ...(variantId && { variantId }) })).summary
        .imported;
    const to = codeIdFloor(this.clock() + 1);
    await this.data.transaction((tx) => this.settings.writeDemoCodes(tx, { from, to }, this.clock()));
    return imported;
  }

  /**
   * Refuses a key other than the one this database's codes are sealed with. Instances sharing a database must share
   * CODES_KEY: one with a key of its own (its data directory's key file, say) would seal codes no other instance can
   * open, and open none of theirs, so the store would sell codes nobody can deliver. The first start seals a known
   * text with its key; every start after, on any instance, must open it.
   */
  async checkKey(): Promise<void> {
    const standing = await this.data.transaction(async (tx) => {
      await this.settings.claimKeyCheck(tx, this.sealer.seal(KEY_CHECK_TEXT, KEY_CHECK_CONTEXT), this.clock());
      return this.settings.keyCheck(tx);
    });
    let opened: string | undefined;
    try {
      opened = standing === undefined ? undefined : this.sealer.open(standing, KEY_CHECK_CONTEXT);
    } catch {
      opened = undefined;
    }
    if (opened !== KEY_CHECK_TEXT)
      throw new Error(
        "CODES_KEY (or, unset, DATA_DIR/codes.key) is not the key this database's codes are sealed with: every " +
          "instance on one database must be given the same CODES_KEY, the one the first instance used",
      );
  }

  summary(): Promise<StockSummary> {
    return this.data.read(async (tx) => {
      const range = await this.settings.demoCodes(tx);
      return {
        automaticProducts: await this.repo.automaticProductCount(tx),
        demoCodes: range ? await this.repo.countAvailableInRange(tx, range) : 0,
      };
    });
  }

  /** Imports in one transaction; refused lines are listed, the rest stored. Orders awaiting stock are completed. */
  async import(productId: string, raw: unknown): Promise<CodeImportResult> {
    const request = parseWith(codeImportRequestSchema, raw);
    const parsed = parseImport(request.text, request.format, request.lineOffset);
    if (parsed.lines > MAX_IMPORT_LINES)
      throw new ValidationError(`At most ${MAX_IMPORT_LINES} lines per import`, { text: "Too many lines" }, undefined, {
        code: ADMIN_ERROR_CODES.tooManyLines,
        max: MAX_IMPORT_LINES,
      });
    // A control character is never part of a real code: rather than store the rest and list that line among the
    // refused ones, the whole import is refused, so the operator fixes the file and imports it once.
    const controlLine = parsed.refused.find((r) => r.reason === "invalid_characters")?.line;
    if (controlLine !== undefined)
      throw new ValidationError(
        `Line ${controlLine} holds a control character (a tab or another invisible character); nothing was imported`,
        { text: "Control characters" },
        undefined,
        { code: ADMIN_ERROR_CODES.controlCharacters, line: controlLine },
      );
    const variantId = request.variantId ? request.variantId : null;
    const now = this.clock();
    // Sealing and hashing happen before the transaction (CPU work, no I/O).
    const prepared = parsed.codes.map((c) => ({ ...c, hash: this.intake.hash(c.code) }));
    let announced = 0;
    const result = await this.data.transaction(async (tx) => {
      const product = await this.product(tx, productId);
      if (product.variants.length > 0 && !product.variants.some((v) => v.id === variantId))
        throw new ValidationError(
          "Choose one of the product's options for these codes",
          { variantId: "Choose an option" },
          undefined,
          { code: ADMIN_ERROR_CODES.optionRequired },
        );
      if (product.variants.length === 0 && variantId !== null)
        throw new ValidationError(
          "This product has no options",
          { variantId: "This product has no options" },
          undefined,
          { code: ADMIN_ERROR_CODES.noOptions },
        );
      const existing = await this.repo.existingHashes(
        tx,
        productId,
        prepared.map((p) => p.hash),
      );
      const refused = [...parsed.refused];
      const fresh = prepared.filter((p) => {
        if (!existing.has(p.hash)) return true;
        refused.push({ line: p.line, reason: "already_in_stock" });
        return false;
      });
      const rows = this.intake.rows(productId, variantId, fresh, "available", now);
      const inserted = await this.repo.insertMany(tx, rows);
      // A code that a concurrent import stored meanwhile is already in stock too.
      for (const p of fresh) if (!inserted.has(p.hash)) refused.push({ line: p.line, reason: "already_in_stock" });
      refused.sort((a, b) => a.line - b.line);
      await this.stockKeeper.refresh(tx, [productId], now);
      const completedOrders = inserted.size > 0 ? await this.orders.fillAwaitingStock(tx, now) : [];
      announced = inserted.size > 0 ? await this.onRestock(tx, productId, now) : 0;
      const byReason: Partial<Record<ImportRefusal, number>> = {};
      for (const r of refused) byReason[r.reason] = (byReason[r.reason] ?? 0) + 1;
      return {
        refused,
        summary: {
          lines: parsed.lines,
          blank: parsed.blank,
          imported: inserted.size,
          refused: refused.length,
          byReason,
        },
        completedOrders,
        stock: await this.stockIn(tx, productId),
      };
    });
    if (result.completedOrders.length > 0 || announced > 0) this.onMailQueued();
    return result;
  }

  async revoke(productId: string, raw: unknown): Promise<CodeRevokeResult> {
    const request = parseWith(codeRevokeRequestSchema, raw);
    const now = this.clock();
    return this.data.transaction(async (tx) => {
      await this.product(tx, productId);
      const revoked = await this.repo.revokeAvailable(
        tx,
        productId,
        {
          ...(request.codeIds ? { ids: request.codeIds } : {}),
          ...(request.code !== undefined ? { hash: this.sealer.hash(request.code) } : {}),
        },
        now,
      );
      if (revoked === 0)
        throw new NotFoundError("No available code of this product matches", {
          code: ADMIN_ERROR_CODES.noMatchingCode,
        });
      await this.stockKeeper.refresh(tx, [productId], now);
      return { revoked, stock: await this.stockIn(tx, productId) };
    });
  }

  /** The unsold codes in clear, as CSV for a spreadsheet (the admin's export; the route sends it with
   * Cache-Control: no-store). Every cell, the code's included, follows the one CSV rule (lib/csv.ts): a code that
   * starts like a formula gets a leading apostrophe, so a spreadsheet shows it instead of running it. The exact
   * codes are in exportText. */
  exportCsv(productId: string): Promise<string> {
    return this.data.read(async (tx) => {
      const product = await this.product(tx, productId);
      const names = new Map(product.variants.map((v) => [v.id, v.name]));
      const lines = [csvLine([...CODE_EXPORT_COLUMNS])];
      for (const row of await this.repo.unsold(tx, productId)) {
        lines.push(
          csvLine([
            this.sealer.open(row.sealed, row.productId),
            row.variantId ?? "",
            row.variantId ? (names.get(row.variantId) ?? "") : "",
            row.status,
            new Date(row.createdAt).toISOString(),
          ]),
        );
      }
      return `${lines.join("\r\n")}\r\n`;
    });
  }

  /** The unsold codes in clear, exactly as imported, one a line (text/plain): what a code is, byte for byte, for
   * another system or a re-import; not meant to be opened in a spreadsheet. */
  exportText(productId: string): Promise<string> {
    return this.data.read(async (tx) => {
      await this.product(tx, productId);
      const codes = (await this.repo.unsold(tx, productId)).map((row) => this.sealer.open(row.sealed, row.productId));
      return codes.map((code) => `${code}\n`).join("");
    });
  }
}
