// Every statement on the batches table (a batch's jobs are read through the jobs repository).
import '../batches-schema.ts';
import type { BatchesTable } from '../batches-schema.ts';
import type { Db } from '../index.ts';
import { newId } from '../util.ts';

export type BatchRow = BatchesTable;
export type NewBatch = Omit<BatchesTable, 'id'>;

export function batchesRepository(db: Db) {
  return {
    async create(batch: NewBatch): Promise<BatchRow> {
      const row = { id: newId(), ...batch };
      await db.insertInto('batches').values(row).execute();
      return row;
    },

    /** The caller's batch (another user's is as absent as a missing one). */
    ofUser: (userId: string, id: string): Promise<BatchRow | undefined> =>
      db.selectFrom('batches').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst(),

    byId: (id: string): Promise<BatchRow | undefined> => db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirst(),

    byIdempotencyKey: (userId: string, key: string): Promise<BatchRow | undefined> =>
      db.selectFrom('batches').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst(),
  };
}

export type BatchesRepository = ReturnType<typeof batchesRepository>;
