/** How mail leaves the store (D12): SMTP through nodemailer when SMTP_URL is set, else the built-in dev
 * mailbox (a database row plus an .eml file under DATA_DIR/mailbox, written by rfc822.ts). */
import fs from "node:fs";
import path from "node:path";
import { secureRandomBytes } from "../../lib/random.ts";
import nodemailer from "nodemailer";
import type { MailRepo } from "./mail.repo.ts";
import { buildRfc822 } from "./rfc822.ts";

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  readonly name: "smtp" | "dev-mailbox";
  /** How long a claimed outbox row stays reserved: longer than the longest possible send. */
  readonly leaseMs: number;
  send(mail: OutgoingMail): Promise<void>;
  /** Synchronous local delivery (the dev mailbox): the worker runs it inside the transaction that claims
   * the outbox row and marks it sent, so a message is delivered exactly once, with a single commit. */
  deliverInTransaction?: (mail: OutgoingMail) => void;
  close(): void;
}

/** Mail content never reads local files or URLs; base64 bodies compose faster than quoted-printable
 * (and Arabic text gains nothing from QP). */
const COMPOSE_OPTIONS = { disableFileAccess: true, disableUrlAccess: true, textEncoding: "base64" } as const;

export class SmtpTransport implements MailTransport {
  readonly name = "smtp" as const;
  readonly leaseMs = 2 * 60_000;
  private readonly transporter;

  constructor(url: string) {
    this.transporter = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      ...COMPOSE_OPTIONS,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail(mail);
  }

  close(): void {
    this.transporter.close();
  }
}

/** A delivered dev-mailbox message whose .eml copy is still to be written. */
interface QueuedCopy {
  file: string;
  mail: OutgoingMail;
  date: Date;
}

function composeCopy({ mail, date }: QueuedCopy): Buffer {
  return buildRfc822({ ...mail, date });
}

export class DevMailboxTransport implements MailTransport {
  readonly name = "dev-mailbox" as const;
  // A local file and a row: done in milliseconds, so a row lost in a crash is retried soon.
  readonly leaseMs = 5_000;
  private readonly dir: string;

  constructor(
    private readonly repo: MailRepo,
    dataDir: string,
    private readonly clock: () => number = Date.now,
  ) {
    this.dir = path.join(dataDir, "mailbox");
    fs.mkdirSync(this.dir, { recursive: true });
    this.restoreMissingFiles();
  }

  /** A crash can lose the .eml copy of a delivered mail (the row is the delivery): write it again. */
  private restoreMissingFiles(): void {
    for (const { id } of this.repo.listDevMailbox(10_000)) {
      const mail = this.repo.getDevMail(id);
      if (!mail || fs.existsSync(path.join(this.dir, mail.emlFile))) continue;
      const copy = { file: mail.emlFile, mail, date: new Date(mail.createdAt) };
      fs.writeFileSync(path.join(this.dir, copy.file), composeCopy(copy));
    }
  }

  /** .eml copies waiting to be written, oldest first, and whether a write is under way. */
  private readonly pending: QueuedCopy[] = [];
  private writing = false;

  /** Queues the .eml copy: it is composed and written after the delivery, one file at a time through
   * libuv's thread pool, so a burst of checkouts never waits on the file system. */
  private queueCopy(file: string, mail: OutgoingMail, date: Date): void {
    this.pending.push({ file, mail, date });
    if (!this.writing) {
      this.writing = true;
      setImmediate(() => this.writeNext());
    }
  }

  /** Writes the next queued copy to a temporary name and renames it, so a reader never sees half a file. */
  private writeNext(): void {
    const next = this.pending.shift();
    if (!next) {
      this.writing = false;
      return;
    }
    const final = path.join(this.dir, next.file);
    const temp = `${final}.tmp`;
    const done = (err: NodeJS.ErrnoException | null): void => {
      if (err) console.error(`dev mailbox: could not write ${next.file}: ${err.message}`);
      this.writeNext();
    };
    fs.writeFile(temp, composeCopy(next), (err) => {
      if (err) done(err);
      else fs.rename(temp, final, done);
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    this.deliverInTransaction(mail);
  }

  // An arrow property: the worker calls it detached from the transport.
  readonly deliverInTransaction = (mail: OutgoingMail): void => {
    const now = this.clock();
    const file = `${now}-${secureRandomBytes(4).toString("hex")}.eml`;
    this.repo.insertDevMail({
      to: mail.to,
      from: mail.from,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      emlFile: file,
      createdAt: now,
    });
    // The row is the delivery (inside the caller's transaction); the .eml file is a copy for people,
    // written just after, off the checkout's path.
    this.queueCopy(file, mail, new Date(now));
  };

  /** Writes what is still queued before the process ends (a crash instead is covered at the next start). */
  close(): void {
    for (let next = this.pending.shift(); next; next = this.pending.shift()) {
      fs.writeFileSync(path.join(this.dir, next.file), composeCopy(next));
    }
  }
}

export function createTransport(smtpUrl: string | undefined, repo: MailRepo, dataDir: string): MailTransport {
  return smtpUrl ? new SmtpTransport(smtpUrl) : new DevMailboxTransport(repo, dataDir);
}
