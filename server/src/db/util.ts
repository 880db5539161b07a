import { randomUUID } from 'node:crypto';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Flag, Timestamp } from './schema.ts';
import { isoAt } from '../time.ts';

/** A new primary key (text UUID, the same on both engines). */
export const newId = (): string => randomUUID();

/** Now, or a moment offset from now, as the ISO text every timestamp column holds. */
export const nowIso = (offsetMs = 0): Timestamp => isoAt(Date.now() + offsetMs);

export const toFlag = (value: boolean): Flag => (value ? 1 : 0);
export const fromFlag = (value: Flag | null | undefined): boolean => value === 1;

/** Parses a JSON text column, or returns the fallback when it is null or unreadable. */
export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** True for a unique-constraint violation on either engine (insert races, duplicate emails). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === '23505';
}

/** True when `db` talks to Postgres (SQLite otherwise), for the SQL that differs by engine. */
export const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
