import type { EntitlementSource, Usage, UsageCategory } from '../../../contract/billing.ts';
import { CAPABILITIES, isCapability } from '../../../contract/capabilities.ts';
import '../db/billing-schema.ts';
import type { Db } from '../db/index.ts';
import { grantsRepository } from '../db/repositories/grants.ts';
import { subscriptionsRepository } from '../db/repositories/subscriptions.ts';
import { usageRepository } from '../db/repositories/usage.ts';
import type { Plan } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';

// "May user U start a job of kind K now?" and "what is left this period?" (ARCHITECTURE §8):
// each job counts against its capability's allowance (contract/capabilities.ts): faces count face
// jobs; images count image and cloth-swap jobs; videos count video, image-to-video and music jobs.
// Usage is counted from the jobs (db/repositories/usage.ts), within the entitlement's period.

/** The allowance a job of `kind` (a capability, jobs.kind) counts against: its descriptor's. */
export function usageCategoryOf(kind: string): UsageCategory {
  if (!isCapability(kind)) throw new Error(`No allowance counts job kind '${kind}'`);
  return CAPABILITIES[kind].allowance;
}

export interface Entitlement {
  source: EntitlementSource;
  plan: Pick<Plan, 'id' | 'name' | 'face_limit' | 'image_limit' | 'video_limit' | 'provider_plan_id' | 'other_plan_id'>;
  /** Our subscriptions.id, for source 'subscription'. */
  subscriptionId: string | null;
  provider: string | null;
  periodStart: string;
  periodEnd: string;
}

const SOURCE_RANK: Record<EntitlementSource, number> = { subscription: 3, grant: 2, trial: 1 };

export const SUBSCRIPTION_REQUIRED = 'Subscription required.';

const NOUN: Record<UsageCategory, [string, string]> = {
  faces: ['face generation', 'face generations'],
  images: ['image generation', 'image generations'],
  videos: ['video generation', 'video generations'],
};

export function entitlements(db: Db) {
  /** The entitlement in force at `now`: the highest plan among paid periods, grants and the trial. */
  async function current(userId: string, now: string): Promise<Entitlement | null> {
    const [subscriptions, grants] = await Promise.all([subscriptionsRepository(db).paidInForce(userId, now), grantsRepository(db).inForce(userId, now)]);
    const candidates: (Entitlement & { rank: number })[] = [
      ...subscriptions.map((s) => ({
        source: 'subscription' as const,
        plan: s,
        subscriptionId: s.subscription_id,
        provider: s.provider,
        periodStart: s.current_period_start!,
        periodEnd: s.current_period_end!,
        rank: s.sort_order * 10 + SOURCE_RANK.subscription,
      })),
      ...grants.map((g) => ({
        source: g.kind,
        plan: g,
        subscriptionId: null,
        provider: null,
        periodStart: g.starts_at,
        periodEnd: g.ends_at,
        rank: g.sort_order * 10 + SOURCE_RANK[g.kind],
      })),
    ];
    const best = candidates.sort((a, b) => b.rank - a.rank || b.periodEnd.localeCompare(a.periodEnd))[0];
    if (!best) return null;
    const { rank: _rank, ...entitlement } = best;
    return { ...entitlement, plan: pickPlan(entitlement.plan) };
  }

  /** Succeeded jobs per allowance in the period, plus (with inFlight) jobs queued or running now. */
  async function usage(userId: string, entitlement: Entitlement, inFlight = false): Promise<Usage> {
    const rows = await usageRepository(db).jobsPerKind(userId, entitlement.periodStart, entitlement.periodEnd, inFlight);
    const used: Record<UsageCategory, number> = { faces: 0, images: 0, videos: 0 };
    for (const row of rows) {
      if (isCapability(row.kind)) used[CAPABILITIES[row.kind].allowance] += row.count;
    }
    const { plan } = entitlement;
    return {
      faces: { used: used.faces, limit: plan.face_limit },
      images: { used: used.images, limit: plan.image_limit },
      videos: { used: used.videos, limit: plan.video_limit },
    };
  }

  return {
    current,
    usage,

    /** The entitlement and what is left of it, or null without one. */
    async summary(userId: string, now: string): Promise<{ entitlement: Entitlement; usage: Usage } | null> {
      const entitlement = await current(userId, now);
      return entitlement && { entitlement, usage: await usage(userId, entitlement) };
    },

    /**
     * Throws 403 unless the user may start a job of `kind` now: an entitlement is in force and
     * its allowance for the kind is not used up (jobs already queued or running count against it,
     * so parallel requests cannot overshoot; only succeeded jobs are charged).
     */
    async assertMayStart(userId: string, kind: string, now: string): Promise<Entitlement> {
      const { entitlement, category, used, limit } = await room(userId, kind, now);
      if (used >= limit) {
        const [one, many] = NOUN[category];
        const renews = entitlement.source === 'subscription' ? `It renews on ${entitlement.periodEnd.slice(0, 10)}.` : `It ends on ${entitlement.periodEnd.slice(0, 10)}.`;
        throw new HttpError(403, `You have used all ${limit} ${limit === 1 ? one : many} of your ${entitlement.plan.name} plan this period. ${renews}`);
      }
      return entitlement;
    },

    /** As assertMayStart, for `count` jobs of `kind` at once (a batch): all of them fit in what is left, or 403. */
    async assertMayStartMany(userId: string, kind: string, count: number, now: string): Promise<Entitlement> {
      const { entitlement, category, used, limit } = await room(userId, kind, now);
      const left = Math.max(0, limit - used);
      if (count > left) {
        const [one, many] = NOUN[category];
        throw new HttpError(403, `This batch needs ${count} ${count === 1 ? one : many}; your ${entitlement.plan.name} plan has ${left} left this period (it ends on ${entitlement.periodEnd.slice(0, 10)}).`);
      }
      return entitlement;
    },
  };

  /** The entitlement in force (403 without one) and its allowance for `kind`, queued and running jobs counted. */
  async function room(userId: string, kind: string, now: string) {
    const category = usageCategoryOf(kind);
    const entitlement = await current(userId, now);
    if (!entitlement) throw new HttpError(403, SUBSCRIPTION_REQUIRED);
    const { used, limit } = (await usage(userId, entitlement, true))[category];
    return { entitlement, category, used, limit };
  }
}

function pickPlan(p: Entitlement['plan'] & { sort_order?: number }): Entitlement['plan'] {
  return { id: p.id, name: p.name, face_limit: p.face_limit, image_limit: p.image_limit, video_limit: p.video_limit, provider_plan_id: p.provider_plan_id, other_plan_id: p.other_plan_id };
}

export type Entitlements = ReturnType<typeof entitlements>;
