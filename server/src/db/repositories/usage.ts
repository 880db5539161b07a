import '../generation-schema.ts';
import type { Db } from '../index.ts';

/** Jobs of one kind that count against an allowance. */
export interface KindCount {
  kind: string;
  count: number;
}

/**
 * What users have used, counted from the jobs table itself: one row per job, so a job counts once
 * however often it is looked at. Which kinds make up which allowance is billing's business.
 */
export function usageRepository(db: Db) {
  return {
    /** Per kind: the user's jobs that succeeded in [periodStart, periodEnd), plus (with inFlight) those queued or running now. */
    async jobsPerKind(userId: string, periodStart: string, periodEnd: string, inFlight: boolean): Promise<KindCount[]> {
      const rows = await db
        .selectFrom('jobs')
        .select(['kind', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'succeeded'), eb('finished_at', '>=', periodStart), eb('finished_at', '<', periodEnd)]),
            ...(inFlight ? [eb('status', 'in', ['queued', 'running'])] : []),
          ]),
        )
        .groupBy('kind')
        .execute();
      // Postgres answers count(*) as a bigint string.
      return rows.map((r) => ({ kind: r.kind, count: Number(r.n) }));
    },
  };
}

export type UsageRepository = ReturnType<typeof usageRepository>;
