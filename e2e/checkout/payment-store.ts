/** A second store server for the online payment specs: the built server (server/dist/main.js) with its own
 * data directory, port and payment provider, started and stopped by the spec (the config's web server
 * runs the manual provider for every other spec). */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { E2E_ADMIN } from "../../playwright.config.ts";

export interface PaymentStore {
  url: string;
  dataDir: string;
  mailboxDir: string;
  stop: () => Promise<void>;
}

export async function startPaymentStore(port: number, env: Record<string, string>): Promise<PaymentStore> {
  const dataDir = path.resolve(`.tmp/e2e-payments-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["server/dist/main.js"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "yes",
      PUBLIC_URL: url,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the payment store stopped: ${output}`);
    const up = await fetch(`${url}/api/categories`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the payment store did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    dataDir,
    mailboxDir: path.join(dataDir, "mailbox"),
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Makes a product sold from code stock on this store and imports the given codes (through the admin API, as
 * the operator's console does). */
export async function stockCodes(store: PaymentStore, productId: string, codes: string[]): Promise<void> {
  const login = await fetch(`${store.url}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!login.ok) throw new Error(`admin login answered ${login.status}`);
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const send = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${store.url}${path}`, {
      method,
      headers: { "Content-Type": "application/json", Cookie: cookie, "X-CSRF-Token": csrfToken },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  };
  await send("PUT", `/api/admin/products/${productId}`, { deliveryMode: "automatic" });
  await send("POST", `/api/admin/products/${productId}/codes/import`, { text: codes.join("\n") });
}
