/** A local Telegram Bot API for the tests (docs/decisions.md D48), as documented for sendMessage: POST
 * /bot{token}/sendMessage with a JSON or form body `{ chat_id, text }`; `{ ok: true, result: Message }` on success;
 * 401 "Unauthorized" for another token; 400 "Bad Request: chat not found" for another chat, "message text is empty"
 * for an empty text and "message is too long" past 4096 characters; and, when a test asks (rateLimit), 429 "Too Many
 * Requests: retry after N" with `parameters.retry_after`. `failWith` makes the next calls fail with a server error. */
import { startFakeServer, type FakeRequest, type FakeResponse } from "./fake-server.ts";

const TEXT_LIMIT = 4096;

export interface FakeTelegramMessage {
  message_id: number;
  chat: { id: number | string; type: "private" };
  date: number;
  text: string;
}

const refused = (status: number, description: string, retryAfter?: number): FakeResponse => ({
  status,
  body: {
    ok: false,
    error_code: status,
    description,
    ...(retryAfter === undefined ? {} : { parameters: { retry_after: retryAfter } }),
  },
});

export class FakeTelegram {
  /** Messages Telegram accepted, in order. */
  readonly messages: FakeTelegramMessage[] = [];
  /** Every call, accepted or not. */
  calls = 0;
  private limited = 0;
  private retryAfter = 1;
  private failing = 0;
  private failStatus = 502;

  private constructor(
    readonly url: string,
    readonly close: () => Promise<void>,
    private readonly token: string,
    private readonly chatId: string,
  ) {}

  static async start(options: { token: string; chatId: string; port?: number }): Promise<FakeTelegram> {
    const box: { fake?: FakeTelegram } = {};
    const running = await startFakeServer((req) => box.fake?.handle(req) ?? { status: 503 }, options.port);
    const fake = new FakeTelegram(running.url, running.close, options.token, options.chatId);
    box.fake = fake;
    return fake;
  }

  /** The next `calls` calls answer 429 with retry_after `seconds`. */
  rateLimit(calls: number, seconds: number): void {
    this.limited = calls;
    this.retryAfter = seconds;
  }

  /** The next `calls` calls answer `status` (a server error). */
  failWith(calls: number, status = 502): void {
    this.failing = calls;
    this.failStatus = status;
  }

  private handle(req: FakeRequest): FakeResponse {
    this.calls++;
    const route = /^\/bot([^/]+)\/sendMessage$/.exec(req.path);
    if (!route) return refused(404, "Not Found");
    if (req.method !== "POST" && req.method !== "GET") return refused(405, "Method Not Allowed");
    if (route[1] !== this.token) return refused(401, "Unauthorized");
    if (this.failing > 0) {
      this.failing--;
      return refused(this.failStatus, "Bad Gateway");
    }
    if (this.limited > 0) {
      this.limited--;
      return refused(429, `Too Many Requests: retry after ${this.retryAfter}`, this.retryAfter);
    }
    const params = this.params(req);
    const chat = params.get("chat_id");
    if (!chat) return refused(400, "Bad Request: chat_id is empty");
    if (chat !== this.chatId) return refused(400, "Bad Request: chat not found");
    const text = params.get("text") ?? "";
    if (text.trim() === "") return refused(400, "Bad Request: message text is empty");
    if ([...text].length > TEXT_LIMIT) return refused(400, "Bad Request: message is too long");
    const message: FakeTelegramMessage = {
      message_id: this.messages.length + 1,
      chat: { id: /^-?\d+$/.test(chat) ? Number(chat) : chat, type: "private" },
      date: Math.floor(Date.now() / 1000),
      text,
    };
    this.messages.push(message);
    return { status: 200, body: { ok: true, result: message } };
  }

  /** The call's parameters: a JSON body, a form body, or the query string, as the Bot API takes them. */
  private params(req: FakeRequest): URLSearchParams {
    const type = String(req.headers["content-type"] ?? "");
    if (type.includes("application/json")) {
      try {
        const json = JSON.parse(req.body) as Record<string, unknown>;
        const out = new URLSearchParams();
        for (const [k, v] of Object.entries(json))
          if (typeof v === "string" || typeof v === "number") out.set(k, String(v));
        return out;
      } catch {
        return new URLSearchParams();
      }
    }
    if (type.includes("application/x-www-form-urlencoded")) return new URLSearchParams(req.body);
    return req.query;
  }
}
