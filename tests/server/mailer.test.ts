import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, readOutbox } from '../../server/src/mail/mailer.ts';
import { startFakeSmtp, type FakeSmtp } from './support/fake-smtp.ts';

const logged: string[] = [];
const logger = { info: (_obj: unknown, msg?: string) => void logged.push(msg ?? '') } as never;
const from = 'Persona Studio <no-reply@personastudio.ai>';

describe('mailer', () => {
  let dir: string | undefined;
  let smtp: FakeSmtp | undefined;
  afterEach(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await smtp?.close();
    dir = undefined;
    smtp = undefined;
    logged.length = 0;
  });

  it('writes one .eml per message to the outbox and logs where', async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const outbox = join(dir, 'outbox');
    const mailer = createMailer({ smtpUrl: null, outboxDir: outbox, from, logger });
    const first = await mailer.send({ to: 'asha@example.com', subject: 'Your code', text: 'Your code is 123456.' });
    await mailer.send({ to: 'ravi@example.com', subject: 'Réponse rapide', text: 'Naïve café = fine' });
    expect(mailer.kind).toBe('outbox');
    expect(first.file).toBeDefined();
    const raw = readFileSync(first.file!, 'utf8');
    expect(raw).toMatch(/^From: Persona Studio <no-reply@personastudio.ai>$/m);
    expect(raw).toMatch(/^To: asha@example.com$/m);
    expect(logged[0]).toContain(first.file);

    const entries = await readOutbox(outbox);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ to: 'ravi@example.com', subject: 'Réponse rapide', text: 'Naïve café = fine' });
    expect(entries[1]).toMatchObject({ to: 'asha@example.com', subject: 'Your code', text: 'Your code is 123456.' });
  });

  it('two mailers on one outbox (two processes sharing DATA_DIR) lose no message, even in the same millisecond', async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const outbox = join(dir, 'outbox');
    const mailers = [0, 1].map(() => createMailer({ smtpUrl: null, outboxDir: outbox, from, logger }));
    const sent = Array.from({ length: 20 }, (_, i) => `user${i}@example.com`);
    await Promise.all(sent.map((to, i) => mailers[i % 2]!.send({ to, subject: 'Your code', text: `Your code is ${i}.` })));
    expect((await readOutbox(outbox)).map((m) => m.to).sort()).toEqual([...sent].sort());
  });

  it('an empty or missing outbox reads as no mail', async () => {
    expect(await readOutbox(join(tmpdir(), 'does-not-exist-outbox'))).toEqual([]);
  });

  it('sends through SMTP when a URL is configured', async () => {
    smtp = await startFakeSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from, logger });
    await mailer.send({ to: 'support@personastudio.ai', subject: 'Contact', text: 'Hello there', replyTo: 'a@b.co' });
    mailer.close();
    expect(mailer.kind).toBe('smtp');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].from).toBe('no-reply@personastudio.ai');
    expect(smtp.received[0].to).toEqual(['support@personastudio.ai']);
    expect(smtp.received[0].data).toMatch(/Subject: Contact/);
    expect(smtp.received[0].data).toMatch(/Reply-To: a@b.co/);
    expect(smtp.received[0].data).toContain('Hello there');
  });
});
