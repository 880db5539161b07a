import type { Db } from '../index.ts';
import type { Plan } from '../schema.ts';
import { parseJson } from '../util.ts';

/** A plan as services use it: features parsed from their JSON column. */
export type PlanRecord = Omit<Plan, 'features'> & { features: string[] };

/** The plan columns an entitlement needs, for repositories that join plans (subscriptions, grants). */
export const ENTITLEMENT_PLAN_COLUMNS = ['plans.id', 'plans.name', 'plans.face_limit', 'plans.image_limit', 'plans.video_limit', 'plans.provider_plan_id', 'plans.other_plan_id', 'plans.sort_order'] as const;

const toRecord = (row: Plan): PlanRecord => ({ ...row, features: parseJson<string[]>(row.features, []) });

/** Paid plans (Basic, Advanced, Premium), cheapest first. Enterprise is not stored: see 0002_seed_plans. */
export function plansRepository(db: Db) {
  return {
    async list(): Promise<PlanRecord[]> {
      const rows = await db.selectFrom('plans').selectAll().orderBy('sort_order').execute();
      return rows.map(toRecord);
    },

    async findById(id: string): Promise<PlanRecord | undefined> {
      const row = await db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    /** Looks a plan up by any id the page may send: ours, the India provider's or the international one's. */
    async findByAnyId(planId: string): Promise<PlanRecord | undefined> {
      const row = await db
        .selectFrom('plans')
        .selectAll()
        .where((eb) => eb.or([eb('id', '=', planId), eb('provider_plan_id', '=', planId), eb('other_plan_id', '=', planId)]))
        .executeTakeFirst();
      return row && toRecord(row);
    },
  };
}

export type PlansRepository = ReturnType<typeof plansRepository>;
