/**
 * The link in an Arabic order's mail, opened on a phone over Chrome DevTools' "Slow 3G" line in a browser that has
 * never seen the store (a mail app's own browser): how long until the app's page reads in Arabic, how long it read in
 * another language before that, and how long until the order's status shows. A fresh Chromium profile per visit;
 * median of `--runs` (3), every run listed. `--baseline <dir>[,<dir>]` serves another checkout's build in the same
 * run, the stores taking turns, each opening the same kind of link (`/orders/<token>?lang=ar`).
 */
import { randomUUID } from "node:crypto";
import { argument, buildsToCompare, DEMO_SIZE, median, phoneOnSlow3G, report, startStoreOfSize } from "./serve.ts";

const TIMEOUT_MS = 120_000;
const SAMPLE_MS = 50;
const RUNS = Number(argument("runs") ?? 3);
const trees = buildsToCompare();

/** What the page shows at a moment: whether the app has rendered over the boot shell, in which language, and
 * whether the order's status is on screen. A string: tsx's helpers do not exist in the page. */
const STATE = `({
  rendered: document.querySelector("[data-first-screen], .boot-shell") === null && document.querySelector("main") !== null,
  lang: document.documentElement.lang,
  status: document.querySelector('[data-testid="order-status"]') !== null,
})`;
interface State {
  rendered: boolean;
  lang: string;
  status: boolean;
}

interface Visit {
  /** Until the app's page is on screen, in whatever language. */
  firstRenderMs: number;
  /** Until the app's page is on screen in Arabic. */
  arabicMs: number;
  /** How long the app's page was on screen in another language first. */
  otherLanguageMs: number;
  /** Until the order's status shows. */
  statusMs: number;
}

/** An order placed in Arabic through the public checkout; answers its private page's path. */
async function placeInArabic(url: string): Promise<string> {
  const res = await fetch(`${url}/api/checkout`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url, "Idempotency-Key": randomUUID() },
    body: JSON.stringify({
      name: "Amira Ben Salah",
      email: `order-link-${randomUUID()}@example.com`,
      whatsapp: "+216 20 555 123",
      currency: "TND",
      items: [{ id: "steam-20", qty: 1 }],
      locale: "ar",
    }),
  });
  if (!res.ok) throw new Error(`checkout: ${res.status} ${await res.text()}`);
  return new URL(((await res.json()) as { orderUrl: string }).orderUrl).pathname;
}

async function visit(url: string): Promise<Visit> {
  const link = `${url}${await placeInArabic(url)}?lang=ar`;
  const phone = await phoneOnSlow3G();
  try {
    const { tab } = phone;
    const start = Date.now();
    await tab.goto(link, { waitUntil: "commit" });
    let firstRenderMs: number | undefined;
    let arabicMs: number | undefined;
    let otherLanguageMs = 0;
    let last = Date.now();
    for (;;) {
      const state = await tab.evaluate<State>(STATE).catch(() => undefined);
      const now = Date.now();
      if (state?.rendered) firstRenderMs ??= now - start;
      if (state?.rendered && state.lang !== "ar") otherLanguageMs += now - last;
      if (state?.rendered && state.lang === "ar") arabicMs ??= now - start;
      if (state?.status && firstRenderMs !== undefined && arabicMs !== undefined)
        return { firstRenderMs, arabicMs, otherLanguageMs, statusMs: now - start };
      if (now - start > TIMEOUT_MS) throw new Error(`${link} never showed the order's status in Arabic`);
      last = now;
      await tab.waitForTimeout(SAMPLE_MS);
    }
  } finally {
    await phone.close();
  }
}

const stores = await Promise.all(trees.map((t, i) => startStoreOfSize(4750 + i, DEMO_SIZE, t.root)));
const visits: Record<string, Visit[]> = {};
try {
  for (let r = 0; r < RUNS; r++)
    for (const [i, tree] of trees.entries()) {
      const store = stores[i];
      if (!store) continue;
      const v = await visit(store.url);
      (visits[tree.name] ??= []).push(v);
      console.error(`${tree.name} run ${r + 1}: ${JSON.stringify(v)}`);
    }
} finally {
  await Promise.all(stores.map((s) => s.stop()));
}

const results: Record<string, Record<keyof Visit, number> & { runs: Visit[] }> = {};
for (const [tree, list] of Object.entries(visits)) {
  const pick = (key: keyof Visit) => median(list.map((v) => v[key]));
  results[tree] = {
    firstRenderMs: pick("firstRenderMs"),
    arabicMs: pick("arabicMs"),
    otherLanguageMs: pick("otherLanguageMs"),
    statusMs: pick("statusMs"),
    runs: list,
  };
  const s = results[tree];
  console.log(
    `  ${tree}: first render after ${s.firstRenderMs} ms, in Arabic after ${s.arabicMs} ms, another language on ` +
      `screen ${s.otherLanguageMs} ms, status after ${s.statusMs} ms (runs: ` +
      `${list.map((v) => `${v.firstRenderMs}/${v.arabicMs}/${v.otherLanguageMs}/${v.statusMs}`).join(", ")})`,
  );
}
report("order-link", { line: "Slow 3G (2 s latency, 400 kbit/s)", runsEach: RUNS, ...results });
