/** TelegramSender against the local fake Bot API, which answers as Telegram documents sendMessage: the message on
 * success; 401 for a bad token, 400 for an empty or too long text and an unknown chat (not worth retrying); 429
 * with parameters.retry_after (retried after that long); a server error (retried). The token never appears in an
 * error. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeTelegram } from "../../test/fake-telegram.ts";
import { loadConfig } from "../../config.ts";
import { TELEGRAM_TEXT_LIMIT, TelegramSender } from "./telegram.ts";

const TOKEN = "424242:sender-test-secret";

describe("TelegramSender", () => {
  let fake: FakeTelegram;
  const sender = (token = TOKEN, chatId = "77") => new TelegramSender({ botToken: token, chatId, apiUrl: fake.url });
  beforeEach(async () => {
    fake = await FakeTelegram.start({ token: TOKEN, chatId: "77" });
  });
  afterEach(async () => {
    await fake.close();
  });

  it("sends a message and answers its id", async () => {
    expect(await sender().send("Store alert: 1 payment(s) without an order")).toEqual({ ok: true, messageId: 1 });
    expect(fake.messages).toMatchObject([{ chat: { id: 77 }, text: "Store alert: 1 payment(s) without an order" }]);
  });

  it("says which refusals retrying cannot help, without the token", async () => {
    const cases = [
      { result: await sender("1:bad-secret").send("hello"), error: "HTTP 401: Unauthorized" },
      { result: await sender().send("   "), error: "HTTP 400: Bad Request: message text is empty" },
      {
        result: await sender().send("x".repeat(TELEGRAM_TEXT_LIMIT + 1)),
        error: "HTTP 400: Bad Request: message is too long",
      },
      { result: await sender(TOKEN, "78").send("hello"), error: "HTTP 400: Bad Request: chat not found" },
    ];
    for (const c of cases) expect(c.result).toEqual({ ok: false, permanent: true, error: c.error });
    expect(JSON.stringify(cases)).not.toContain("secret");
    // Exactly the limit is taken.
    expect((await sender().send("y".repeat(TELEGRAM_TEXT_LIMIT))).ok).toBe(true);
    expect(fake.messages).toHaveLength(1);
  });

  it("waits as long as a 429 says, and retries a server error or an unreachable server", async () => {
    fake.rateLimit(1, 7);
    expect(await sender().send("hello")).toEqual({
      ok: false,
      permanent: false,
      retryAfterMs: 7000,
      error: "HTTP 429: Too Many Requests: retry after 7",
    });
    fake.failWith(1, 502);
    expect(await sender().send("hello")).toMatchObject({ ok: false, permanent: false, error: "HTTP 502: Bad Gateway" });
    const url = fake.url;
    await fake.close();
    const gone = await new TelegramSender({ botToken: TOKEN, chatId: "77", apiUrl: url }).send("hello");
    expect(gone).toMatchObject({ ok: false, permanent: false });
    expect(JSON.stringify(gone)).not.toContain(TOKEN);
    fake = await FakeTelegram.start({ token: TOKEN, chatId: "77" });
  });
});

describe("Telegram's settings", () => {
  const base = { NODE_ENV: "test", DATA_DIR: "/tmp/store-config-test" } as const;
  it("take the token and the chat together, and name a missing one without the token", () => {
    expect(loadConfig({ ...base }).telegram).toBeUndefined();
    expect(loadConfig({ ...base, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_CHAT_ID: "77" }).telegram).toEqual({
      botToken: TOKEN,
      chatId: "77",
      apiUrl: "https://api.telegram.org",
    });
    expect(() => loadConfig({ ...base, TELEGRAM_BOT_TOKEN: TOKEN })).toThrow(
      "Invalid configuration: TELEGRAM_BOT_TOKEN needs TELEGRAM_CHAT_ID to be set.",
    );
    expect(() => loadConfig({ ...base, TELEGRAM_CHAT_ID: "77" })).toThrow(/TELEGRAM_CHAT_ID needs TELEGRAM_BOT_TOKEN/);
    expect(() =>
      loadConfig({ ...base, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_CHAT_ID: "77", TELEGRAM_API_URL: "ftp://x" }),
    ).toThrow(/TELEGRAM_API_URL must be an http\(s\) URL/);
  });
});
