import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file, when the mail went to the outbox. */
  file?: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | null;
  outboxDir: string;
  from: string;
  logger: Pick<Logger, 'info'>;
}

/** SMTP when a URL is configured, else one .eml file per message in the outbox folder. */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options, options.smtpUrl) : outboxMailer(options);
}

function smtpMailer({ from, logger }: MailerOptions, url: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      logger.info({ to: message.to, messageId: info.messageId }, 'mail sent by SMTP');
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

function outboxMailer({ outboxDir, from, logger }: MailerOptions): Mailer {
  // nodemailer's stream transport builds the exact RFC 5322 message SMTP would have carried.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      // Codes and reset links: the server's user's alone (issue 40).
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      // A random tail keeps two mailers (processes sharing DATA_DIR, or apps in one process) from
      // writing one name in the same millisecond; written aside and renamed, so no reader sees half a message.
      const file = join(outboxDir, `${stamp}-${String(sequence).padStart(4, '0')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.part`, file);
      logger.info({ to: message.to, subject: message.subject, file }, `mail written to the outbox: ${file}`);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}

export interface OutboxEntry {
  file: string;
  to: string;
  subject: string;
  date: string;
  text: string;
}

/** Newest first; for the development mailbox page and for tests reading codes out of mail. */
export async function readOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((n) => n.endsWith('.eml')).sort().reverse();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => {
      const raw = await readFile(join(outboxDir, name), 'utf8');
      return { file: name, ...parseEml(raw) };
    }),
  );
}

function parseEml(raw: string): Omit<OutboxEntry, 'file'> {
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  return { to: header('To'), subject: decodeWords(header('Subject')), date: header('Date'), text: textPart(raw) };
}

/** The text/plain part: the whole body of a single-part message, or the first text/plain part. */
function textPart(raw: string): string {
  const parts = [raw, ...raw.split(/\n--[^\n]+\n/).slice(1)];
  for (const part of parts) {
    const split = part.indexOf('\n\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    if (!/^Content-Type: text\/plain/im.test(head)) continue;
    let body = part.slice(split + 2).replace(/\n--[^\n]*--\s*$/, '');
    if (/^Content-Transfer-Encoding: quoted-printable/im.test(head)) body = decodeQuotedPrintable(body);
    else if (/^Content-Transfer-Encoding: base64/im.test(head)) body = Buffer.from(body, 'base64').toString('utf8');
    return body.trim();
  }
  return '';
}

function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_, q: string) => decodeQuotedPrintable(q.replace(/_/g, ' ')));
}
