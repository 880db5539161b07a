import type { Kysely } from 'kysely';

// Backfills of media_items from the job that made each item (0010, 0021): a page at a time in id
// order, each page's writes in one transaction (Postgres runs a migration in one already; SQLite
// does not, and one write transaction per page keeps it from committing every row on its own).

const PAGE = 500;

export interface ItemWithJob {
  id: string;
  input: string;
  engine: string | null;
}

export async function eachItemWithJob(db: Kysely<any>, update: (trx: Kysely<any>, item: ItemWithJob) => Promise<void>): Promise<void> {
  const inTransaction = (work: (trx: Kysely<any>) => Promise<void>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  let after = '';
  for (;;) {
    const rows: ItemWithJob[] = await db
      .selectFrom('media_items as m')
      .innerJoin('jobs as j', 'j.id', 'm.job_id')
      .select(['m.id as id', 'j.input as input', 'j.engine as engine'])
      .where('m.id', '>', after)
      .orderBy('m.id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return;
    await inTransaction(async (trx) => {
      for (const row of rows) await update(trx, row);
    });
    after = rows[rows.length - 1]!.id;
  }
}
