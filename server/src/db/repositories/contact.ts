import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../index.ts';
import type { ContactMessagesTable } from '../schema.ts';
import { newId, nowIso } from '../util.ts';

export type ContactMessage = Selectable<ContactMessagesTable>;
export type NewContactMessage = Omit<Insertable<ContactMessagesTable>, 'id' | 'created_at'>;

/** Messages sent through the contact form; kept even when mailing them to support fails. */
export function contactRepository(db: Db) {
  return {
    async create(input: NewContactMessage): Promise<ContactMessage> {
      const row: ContactMessage = { id: newId(), created_at: nowIso(), ...input };
      await db.insertInto('contact_messages').values(row).execute();
      return row;
    },

    async listNewestFirst(limit = 50): Promise<ContactMessage[]> {
      return db.selectFrom('contact_messages').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
    },
  };
}

export type ContactRepository = ReturnType<typeof contactRepository>;
