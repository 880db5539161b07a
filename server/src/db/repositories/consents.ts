import { randomUUID } from 'node:crypto';
import '../consents-schema.ts';
import type { ConsentsTable } from '../consents-schema.ts';
import type { Db } from '../index.ts';

export type ConsentRow = ConsentsTable;
export type NewConsent = Omit<ConsentsTable, 'id'>;

/** Consents to use outside media of a person, and the jobs that relied on them (the only SQL on consents and job_consents). */
export function consentsRepository(db: Db) {
  return {
    async record(consent: NewConsent): Promise<ConsentRow> {
      const row = { id: randomUUID(), ...consent };
      await db.insertInto('consents').values(row).execute();
      return row;
    },

    /** The newest consent of `userId` covering the stored file `storageKey`, if any. */
    coveringFile: (userId: string, storageKey: string): Promise<ConsentRow | undefined> =>
      db.selectFrom('consents').selectAll().where('user_id', '=', userId).where('storage_key', '=', storageKey).orderBy('created_at', 'desc').orderBy('id').executeTakeFirst(),

    async attachToJob(jobId: string, consentIds: readonly string[]): Promise<void> {
      if (consentIds.length === 0) return;
      await db.insertInto('job_consents').values([...new Set(consentIds)].map((consent_id) => ({ job_id: jobId, consent_id }))).execute();
    },

    /** The consents a job relied on, oldest first. */
    ofJob: (jobId: string): Promise<ConsentRow[]> =>
      db.selectFrom('consents').innerJoin('job_consents', 'job_consents.consent_id', 'consents.id').selectAll('consents').where('job_consents.job_id', '=', jobId).orderBy('consents.created_at').orderBy('consents.id').execute(),

    ofUser: (userId: string): Promise<ConsentRow[]> =>
      db.selectFrom('consents').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),

    /** Every consent of an account and its links to jobs (its deletion). */
    async deleteAllOf(userId: string): Promise<void> {
      await db.deleteFrom('job_consents').where('consent_id', 'in', (eb) => eb.selectFrom('consents').select('id').where('user_id', '=', userId)).execute();
      await db.deleteFrom('consents').where('user_id', '=', userId).execute();
    },
  };
}

export type ConsentsRepository = ReturnType<typeof consentsRepository>;
