// Every statement on the characters table (issue 44), and the character columns of jobs and
// media_items: a character's counts and last activity, its outputs, moving an item to another
// character, and what deleting one leaves.
import '../characters-schema.ts';
import '../gallery-schema.ts';
import '../generation-schema.ts';
import type { CharactersTable } from '../characters-schema.ts';
import type { Db } from '../index.ts';
import type { ExpressionBuilder } from 'kysely';
import type { Database, MediaKind } from '../schema.ts';
import { isUniqueViolation, newId } from '../util.ts';

export type CharacterRow = CharactersTable;
export type NewCharacter = Omit<CharactersTable, 'id'>;
export type CharacterChanges = Partial<Omit<CharactersTable, 'id' | 'user_id' | 'created_at'>> & { updated_at: string };

/** The name as the uniqueness rule compares it: spaces at the ends dropped, lower case. */
export const nameKeyOf = (name: string): string => name.trim().toLowerCase();

export function charactersRepository(db: Db) {
  return {
    /** The user's characters, newest change first. */
    ofUser: (userId: string): Promise<CharacterRow[]> => db.selectFrom('characters').selectAll().where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('id').execute(),

    /** The caller's character (another user's is as absent as a missing one). */
    ofUserById: (userId: string, id: string): Promise<CharacterRow | undefined> =>
      db.selectFrom('characters').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst(),

    async countOf(userId: string): Promise<number> {
      const row = await db.selectFrom('characters').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Inserts the character; null when the user already has one of its name. */
    async create(character: NewCharacter): Promise<CharacterRow | null> {
      const row = { id: newId(), ...character };
      try {
        await db.insertInto('characters').values(row).execute();
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
      return row;
    },

    /** Changes the user's character; 'taken' when the new name is another of theirs, undefined when it is not theirs. */
    async update(userId: string, id: string, changes: CharacterChanges): Promise<CharacterRow | 'taken' | undefined> {
      try {
        return await db.updateTable('characters').set(changes).where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
      } catch (err) {
        if (isUniqueViolation(err)) return 'taken';
        throw err;
      }
    },

    /**
     * Deletes the user's character: its outputs lose the tag, or (withOutputs) their rows go, and
     * their storage keys are answered for the caller to delete the objects. undefined when it is
     * not theirs. Call in a transaction.
     */
    async delete(userId: string, id: string, withOutputs: boolean): Promise<{ outputKeys: string[] } | undefined> {
      const found = await db.selectFrom('characters').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!found) return undefined;
      let outputKeys: string[] = [];
      if (withOutputs) {
        // An output another character has as its face stays (untagged): deleting it would take that face.
        const faceOfAnother = (eb: ExpressionBuilder<Database, 'media_items'>) =>
          eb.exists(eb.selectFrom('characters as other').select('other.id').whereRef('other.face_key', '=', 'media_items.storage_key').where('other.id', '<>', id));
        const rows = await db.selectFrom('media_items').select('storage_key').where('user_id', '=', userId).where('character_id', '=', id).where((eb) => eb.not(faceOfAnother(eb))).execute();
        outputKeys = rows.map((r) => r.storage_key).filter((key) => key !== '');
        await db.deleteFrom('media_items').where('user_id', '=', userId).where('character_id', '=', id).where((eb) => eb.not(faceOfAnother(eb))).execute();
      }
      await db.updateTable('media_items').set({ character_id: null }).where('user_id', '=', userId).where('character_id', '=', id).execute();
      await db.updateTable('jobs').set({ character_id: null }).where('user_id', '=', userId).where('character_id', '=', id).execute();
      await db.deleteFrom('characters').where('id', '=', id).where('user_id', '=', userId).execute();
      return { outputKeys };
    },

    /** The user's gallery item of `kinds` stored under `storageKey`: its id (a character's face). */
    mediaByKey: (userId: string, storageKey: string, kinds: readonly MediaKind[]) =>
      db.selectFrom('media_items').select(['id', 'storage_key']).where('user_id', '=', userId).where('storage_key', '=', storageKey).where('kind', 'in', kinds as MediaKind[]).executeTakeFirst(),
  };
}

export type CharactersRepository = ReturnType<typeof charactersRepository>;
