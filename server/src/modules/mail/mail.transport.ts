/** How mail leaves the store (docs/decisions.md D12): SMTP through nodemailer when SMTP_URL is set, else the built-in
 * dev mailbox (a database row plus an .eml file under DATA_DIR/mailbox, written by rfc822.ts). */
import fs from "node:fs";
import path from "node:path";
import { secureRandomBytes } from "../../lib/random.ts";
import { PRIVATE_FILE_MODE, ensurePrivateDir } from "../../lib/private-files.ts";
import nodemailer from "nodemailer";
import type { DataLayer, Tx } from "../../db/data.ts";
import type { Sealer } from "../../lib/sealer.ts";
import type { MailRepo } from "./mail.repo.ts";
import { EmlWriter } from "./eml-writer.ts";
import type { EmlCopy } from "./rfc822.ts";

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
  /** Local delivery (the dev mailbox): the worker runs it inside the transaction `tx` that writes (or claims)
   * the outbox row as sent, so a message is delivered exactly once, with a single commit. It throws at once,
   * before any statement, when it cannot deliver the mail; the promise it returns fails only when the database
   * does (which fails `tx`), so the outbox row can be written alongside it. */
  deliverInTransaction?: (tx: Tx, mail: OutgoingMail) => Promise<void>;
  /** Work before the first delivery (the worker's start). */
  start?: () => Promise<void>;
  close(): void | Promise<void>;
}

/** Mail content never reads local files or URLs; base64 bodies compose faster than quoted-printable
 * (and Arabic text gains nothing from QP). */
const COMPOSE_OPTIONS = { disableFileAccess: true, disableUrlAccess: true, textEncoding: "base64" } as const;

class SmtpTransport implements MailTransport {
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

/** The dev mailbox keeps message bodies sealed (they carry codes and the private order link); the subject, the
 * addresses and the date stay readable (docs/decisions.md D10, README "Dev mailbox"). */
const DEV_MAIL_CONTEXT = "dev-mailbox";
function sealDevBody(sealer: Sealer, body: string): string {
  return sealer.seal(body, DEV_MAIL_CONTEXT);
}
export function openDevBody(sealer: Sealer, stored: string): string {
  return sealer.open(stored, DEV_MAIL_CONTEXT);
}

class DevMailboxTransport implements MailTransport {
  readonly name = "dev-mailbox" as const;
  // A local file and a row: done in milliseconds, so a row lost in a crash is retried soon.
  readonly leaseMs = 5_000;
  private readonly dir: string;
  private readonly copies: EmlWriter;

  constructor(
    private readonly data: DataLayer,
    private readonly repo: MailRepo,
    dataDir: string,
    private readonly sealer: Sealer,
    private readonly clock: () => number = Date.now,
  ) {
    this.dir = path.join(dataDir, "mailbox");
    // The copies stand for the shoppers' inboxes (codes, private order links): owner-only, like DATA_DIR.
    ensurePrivateDir(this.dir);
    this.copies = new EmlWriter(this.dir);
  }

  /** A crash can lose the .eml copy of a delivered mail (the row is the delivery): write it again. */
  readonly start = async (): Promise<void> => {
    // Copies an earlier version wrote readable by others are made owner-only.
    for (const file of fs.readdirSync(this.dir))
      if (file.endsWith(".eml")) fs.chmodSync(path.join(this.dir, file), PRIVATE_FILE_MODE);
    const list = await this.data.read((tx) => this.repo.listDevMailbox(tx, 10_000));
    for (const { id } of list) {
      const mail = await this.data.read((tx) => this.repo.getDevMail(tx, id));
      if (!mail || fs.existsSync(path.join(this.dir, mail.emlFile))) continue;
      const opened = { ...mail, text: openDevBody(this.sealer, mail.text), html: openDevBody(this.sealer, mail.html) };
      this.copies.writeNow({ file: mail.emlFile, mail: { ...opened, date: new Date(mail.createdAt) } });
    }
  };

  /** Delivered mails whose .eml copy is still to be handed to the writer: done in the next turn of the event loop,
   * once the delivery has committed. */
  private readonly pending: EmlCopy[] = [];

  private queueCopy(file: string, mail: OutgoingMail, date: Date): void {
    if (this.pending.push({ file, mail: { ...mail, date } }) === 1) setImmediate(() => this.flushCopies());
  }

  private flushCopies(): void {
    const copies = this.pending.splice(0);
    if (copies.length > 0) this.copies.writeAll(copies);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.data.transaction((tx) => this.deliverInTransaction(tx, mail));
  }

  // An arrow property: the worker calls it detached from the transport. Not async: a mail that cannot be sealed
  // throws here, before any statement (see MailTransport.deliverInTransaction).
  readonly deliverInTransaction = (tx: Tx, mail: OutgoingMail): Promise<void> => {
    const now = this.clock();
    const file = `${now}-${secureRandomBytes(4).toString("hex")}.eml`;
    const inserted = this.repo.insertDevMail(tx, {
      to: mail.to,
      from: mail.from,
      subject: mail.subject,
      text: sealDevBody(this.sealer, mail.text),
      html: sealDevBody(this.sealer, mail.html),
      emlFile: file,
      createdAt: now,
    });
    // The row is the delivery (inside the caller's transaction); the .eml file is a copy for people,
    // written just after, on the copy writer's thread.
    return inserted.then(() => this.queueCopy(file, mail, new Date(now)));
  };

  /** Writes what is still queued before the process ends (a crash instead is covered at the next start). */
  async close(): Promise<void> {
    this.flushCopies();
    await this.copies.close();
  }
}

export function createTransport(
  smtpUrl: string | undefined,
  data: DataLayer,
  repo: MailRepo,
  dataDir: string,
  sealer: Sealer,
): MailTransport {
  return smtpUrl ? new SmtpTransport(smtpUrl) : new DevMailboxTransport(data, repo, dataDir, sealer);
}
