/** An SMTP server on 127.0.0.1 for tests: keeps what it receives, can refuse the next messages. */
import { SMTPServer } from "smtp-server";

export interface FakeSmtp {
  port: number;
  received: Buffer[];
  /** How many of the next messages to refuse with a temporary error. */
  refuseNext: number;
  close: () => Promise<void>;
}

export async function startSmtp(port = 0): Promise<FakeSmtp> {
  const fake: FakeSmtp = { port, received: [], refuseNext: 0, close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (fake.refuseNext > 0) {
          fake.refuseNext--;
          callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
          return;
        }
        fake.received.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  fake.port = typeof address === "object" && address ? address.port : port;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
