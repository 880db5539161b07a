import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Mailer } from '../../server/src/mail/mailer.ts';
import { readOutbox } from '../../server/src/mail/mailer.ts';
import { buildApp } from '../../server/src/app.ts';
import { buildTestApp, testConfig } from './support/app.ts';
import { engines, useTestDatabase } from './support/db.ts';

describe.each(engines)('newsletter and contact on %s', (engine) => {
  const database = useTestDatabase(engine);

  const subscribers = () => database.current.db.selectFrom('newsletter_subscriptions').select('email').execute();
  const messages = () => database.current.db.selectFrom('contact_messages').selectAll().execute();

  it('subscribes a new address (trimmed, lower case) with 201', async () => {
    const { app } = await buildTestApp(database.current);
    const res = await app.inject({ method: 'POST', url: '/api/news_letter/', payload: { email: '  Ada@Example.COM ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Successfully joined our community' });
    expect(await subscribers()).toEqual([{ email: 'ada@example.com' }]);
    await app.close();
  });

  it('answers 200 with a message for an address already subscribed, in any case', async () => {
    const { app } = await buildTestApp(database.current);
    await app.inject({ method: 'POST', url: '/api/news_letter/', payload: { email: 'ada@example.com' } });
    const res = await app.inject({ method: 'POST', url: '/api/news_letter/', payload: { email: 'ADA@example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You are already subscribed to our newsletter.' });
    expect(await subscribers()).toHaveLength(1);
    await app.close();
  });

  it.each([
    ['empty', { email: '' }],
    ['blank', { email: '   ' }],
    ['missing', {}],
    ['not an address', { email: 'ada.example.com' }],
    ['without a domain dot', { email: 'ada@example' }],
    ['with a space', { email: 'ada lovelace@example.com' }],
    ['too long', { email: `${'a'.repeat(64)}@${'b'.repeat(186)}.com` }],
    ['not a string', { email: { $ne: '' } }],
  ])('rejects an email that is %s with 400 and stores nothing', async (_case, payload) => {
    const { app } = await buildTestApp(database.current);
    const res = await app.inject({ method: 'POST', url: '/api/news_letter/', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Please enter a valid email address', field: 'email' });
    expect(await subscribers()).toEqual([]);
    await app.close();
  });

  it('accepts an address of exactly 254 characters', async () => {
    const { app } = await buildTestApp(database.current);
    const email = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(email).toHaveLength(254);
    const res = await app.inject({ method: 'POST', url: '/api/news_letter/', payload: { email } });
    expect(res.statusCode).toBe(201);
    await app.close();
  });

  it('rate-limits sign-ups per IP with 429 after 10', async () => {
    const { app } = await buildTestApp(database.current);
    const from = (ip: string, i: number) =>
      app.inject({ method: 'POST', url: '/api/news_letter/', payload: { email: `user${i}@example.com` }, remoteAddress: ip });
    for (let i = 0; i < 10; i += 1) expect((await from('203.0.113.7', i)).statusCode).toBe(201);
    const limited = await from('203.0.113.7', 10);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many requests. Please try again later.' });
    expect((await from('203.0.113.8', 11)).statusCode).toBe(201);
    expect(await subscribers()).toHaveLength(11);
    await app.close();
  });

  const contact = { name: ' Ada Lovelace ', email: 'ada@example.com', message: 'Can my agency manage five characters?\nThanks!' };

  it('stores a contact message and mails it to the support inbox with Reply-To the sender', async () => {
    const { app, config } = await buildTestApp(database.current, { env: { SUPPORT_INBOX: 'help@persona.test' } });
    const res = await app.inject({ method: 'POST', url: '/api/contact-us/', payload: contact });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Thanks for contacting us' });
    const rows = await messages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', message: contact.message });
    const outbox = await readOutbox(config.outboxDir);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.to).toBe('help@persona.test');
    expect(outbox[0]!.subject).toBe('Contact form: Ada Lovelace');
    expect(outbox[0]!.text).toContain('Can my agency manage five characters?');
    const raw = await readFile(join(config.outboxDir, outbox[0]!.file), 'utf8');
    expect(raw).toMatch(/^Reply-To: ada@example\.com$/m);
    await app.close();
  });

  it('still answers 201 and keeps the message when mailing fails, logging the failure', async () => {
    const failing: Mailer = { kind: 'outbox', send: async () => Promise.reject(new Error('smtp down')), close: () => {} };
    const app = await buildApp(testConfig(database.current), { database: database.current, mailer: failing });
    const res = await app.inject({ method: 'POST', url: '/api/contact-us/', payload: contact });
    expect(res.statusCode).toBe(201);
    expect(await messages()).toHaveLength(1);
    await app.close();
  });

  it.each([
    ['name', 'Name is required.'],
    ['email', 'Email is required.'],
    ['message', 'Message is required.'],
  ] as const)('answers 400 naming %s when it is missing or blank, and stores nothing', async (field, error) => {
    const { app, config } = await buildTestApp(database.current);
    for (const payload of [{ ...contact, [field]: undefined }, { ...contact, [field]: '   ' }]) {
      const res = await app.inject({ method: 'POST', url: '/api/contact-us/', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error, field });
    }
    expect(await messages()).toEqual([]);
    expect(await readdir(config.outboxDir).catch(() => [])).toEqual([]);
    await app.close();
  });

  it.each([
    ['name', 101, 'Name must be at most 100 characters.'],
    ['message', 5001, 'Message must be at most 5000 characters.'],
  ] as const)('answers 400 when %s is longer than allowed, and stores nothing', async (field, length, error) => {
    const { app } = await buildTestApp(database.current);
    const res = await app.inject({ method: 'POST', url: '/api/contact-us/', payload: { ...contact, [field]: 'x'.repeat(length) } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error, field });
    expect(await messages()).toEqual([]);
    await app.close();
  });

  it('accepts a message of exactly 5000 characters', async () => {
    const { app } = await buildTestApp(database.current);
    const res = await app.inject({ method: 'POST', url: '/api/contact-us/', payload: { ...contact, message: 'x'.repeat(5000) } });
    expect(res.statusCode).toBe(201);
    await app.close();
  });

  it('answers 400 for a malformed email and stores nothing', async () => {
    const { app } = await buildTestApp(database.current);
    const res = await app.inject({ method: 'POST', url: '/api/contact-us/', payload: { ...contact, email: 'ada@' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Please enter a valid email address', field: 'email' });
    expect(await messages()).toEqual([]);
    await app.close();
  });

  it('rate-limits contact messages per IP with 429 after 10', async () => {
    const { app } = await buildTestApp(database.current);
    const send = () => app.inject({ method: 'POST', url: '/api/contact-us/', payload: contact, remoteAddress: '198.51.100.4' });
    for (let i = 0; i < 10; i += 1) expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many requests. Please try again later.' });
    expect(await messages()).toHaveLength(10);
    await app.close();
  });
});
