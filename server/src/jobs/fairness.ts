// The queue's fairness (issue 29), declared once: which due job a free worker slot takes next. The
// claim (db/repositories/jobs.ts, in SQL) and the queue's estimates (eta.ts, a simulation) both
// follow it; fairness-agreement.test.ts claims a mixed queue on SQLite and PostgreSQL and checks
// the claim order against the simulation's.
// 1. Whose turn: of the users with due jobs, the one with the fewest jobs running (under a live
//    lease), then the one whose last job started longest ago (never: first), then the lower user id.
// 2. Which of theirs: the first in their own order: queue_order (set when made, moved by the user),
//    then the batch's item order (a job of no batch first), then age, then id.
// Times are compared as the ISO text the tables hold (one fixed format, so text order is time
// order) and ids are UUIDs (fixed positions), so SQL's text order and JavaScript's agree.
import type { Job } from '../db/schema.ts';

/** A user with due jobs, as the turn rule weighs them. */
export interface UserStanding {
  userId: string;
  /** Their jobs running now under a live lease. */
  running: number;
  /** When their last job started (ISO); null when none ever did. */
  servedAt: string | null;
}

/** The turn rule's keys, in order, each ascending; a null `servedAt` comes first. */
export const TURN_ORDER = ['running', 'servedAt', 'userId'] as const satisfies readonly (keyof UserStanding)[];

/** A user's own order: these columns, in order, each ascending, nulls first. */
export const USER_ORDER = ['queue_order', 'batch_index', 'created_at', 'id'] as const satisfies readonly (keyof Job)[];

type Key = string | number | null;

/** Ascending, null first (as both databases are told to sort). */
const ascending = (a: Key, b: Key): number => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);

/** Compares by `keys` in turn, each ascending. */
const byKeys =
  <T extends Record<K, Key>, K extends keyof T>(keys: readonly K[]) =>
  (a: T, b: T): number => {
    for (const key of keys) {
      const order = ascending(a[key], b[key]);
      if (order !== 0) return order;
    }
    return 0;
  };

/** Negative when `a`'s turn comes before `b`'s. */
export const compareTurns = byKeys<UserStanding, (typeof TURN_ORDER)[number]>(TURN_ORDER);

/** Negative when job `a` comes before job `b` in their user's own order. */
export const compareInUserOrder = byKeys<Pick<Job, (typeof USER_ORDER)[number]>, (typeof USER_ORDER)[number]>(USER_ORDER);
