/** Telegram's Bot API, the one call operator alerts need: POST {apiUrl}/bot{token}/sendMessage with JSON
 * `{ chat_id, text }` (plain text: no parse_mode, so nothing in a summary needs escaping). Telegram answers
 * `{ ok: true, result: Message }`, or `{ ok: false, error_code, description, parameters?: { retry_after } }`: 429
 * asks to wait retry_after seconds; 400 (an empty or too long text, an unknown chat) and 401/403/404 (a bad token, a
 * bot not in the chat) will not get better by retrying. The token is part of the URL, so it is never logged: errors
 * carry the status and Telegram's description only. */
import { z } from "@store/shared/schemas/zod";
import type { TelegramConfig } from "../../config.ts";

/** Telegram's limit on a message's text (1 to 4096 characters after entities parsing). */
export const TELEGRAM_TEXT_LIMIT = 4096;
const CALL_TIMEOUT_MS = 10_000;

export type SendResult =
  | { ok: true; messageId: number }
  /** `retryAfterMs` when Telegram said how long to wait; `permanent` when retrying cannot help. */
  | { ok: false; error: string; permanent: boolean; retryAfterMs?: number };

const answerSchema = z.object({
  ok: z.boolean(),
  result: z.object({ message_id: z.number() }).optional(),
  error_code: z.number().optional(),
  description: z.string().optional(),
  parameters: z.object({ retry_after: z.number().optional() }).optional(),
});

export class TelegramSender {
  constructor(
    private readonly config: TelegramConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(text: string): Promise<SendResult> {
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.config.apiUrl}/bot${this.config.botToken}/sendMessage`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ chat_id: this.config.chatId, text }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (err) {
      // A network error's message may hold the URL, and so the token: only its name is kept.
      return { ok: false, error: `network: ${err instanceof Error ? err.name : "error"}`, permanent: false };
    }
    const parsed = answerSchema.safeParse(await res.json().catch(() => null));
    const answer = parsed.success ? parsed.data : undefined;
    if (res.ok && answer?.ok && answer.result) return { ok: true, messageId: answer.result.message_id };
    const description = (answer?.description ?? "no description").slice(0, 200);
    const error = `HTTP ${res.status}: ${description}`;
    const retryAfter = answer?.parameters?.retry_after;
    if (res.status === 429)
      return { ok: false, error, permanent: false, retryAfterMs: Math.max(1, retryAfter ?? 30) * 1000 };
    return { ok: false, error, permanent: res.status >= 400 && res.status < 500 };
  }
}
