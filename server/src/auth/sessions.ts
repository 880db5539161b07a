import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/index.ts';
import type { Db } from '../db/index.ts';
import { tokensRepository } from '../db/repositories/tokens.ts';
import { usersRepository } from '../db/repositories/users.ts';
import type { User } from '../db/schema.ts';
import { fromFlag, newId } from '../db/util.ts';
import { HttpError } from '../http-error.ts';
import { signAccessToken } from './access-token.ts';
import { newOpaqueToken, sha256 } from './secrets.ts';
import { isoAt } from '../time.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The profile block of login and verify answers (spec §3). */
export interface SessionProfile {
  user_id: string;
  email: string;
  name: string;
  guide_tour_video_seen: boolean;
  guide_tour_image_seen: boolean;
  guide_tour_face_seen: boolean;
}

/** What sessions need of the app (the app itself has all of it): database, clock, token secret, log. */
export interface SessionContext {
  db: Db;
  now: () => number;
  config: Pick<Config, 'jwtSecret'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface IssuedSession {
  access: string;
  refresh: string;
  profile: SessionProfile;
}

export function sessionProfile(user: User): SessionProfile {
  return {
    user_id: user.id,
    email: user.email,
    name: user.name,
    guide_tour_video_seen: fromFlag(user.guide_tour_video_seen),
    guide_tour_image_seen: fromFlag(user.guide_tour_image_seen),
    guide_tour_face_seen: fromFlag(user.guide_tour_face_seen),
  };
}


/** An access token bound to one session (refresh family) and the user's current credentials. */
function accessTokenFor(app: SessionContext, user: Pick<User, 'id' | 'email' | 'credentials_version'>, familyId: string, now: number): Promise<string> {
  return signAccessToken(app.config.jwtSecret, { userId: user.id, email: user.email, sessionId: familyId, credentialsVersion: user.credentials_version }, now);
}

/** Signs a user in: a new access token and the first refresh token of a new family. */
export async function issueSession(app: SessionContext, user: User): Promise<IssuedSession> {
  const now = app.now();
  const refresh = newOpaqueToken();
  const familyId = newId();
  await tokensRepository(app.db).createRefresh({
    userId: user.id,
    familyId,
    tokenHash: sha256(refresh),
    expiresAt: isoAt(now + REFRESH_TOKEN_TTL_MS),
    now: isoAt(now),
  });
  const access = await accessTokenFor(app, user, familyId, now);
  return { access, refresh, profile: sessionProfile(user) };
}

const invalidRefresh = (): HttpError => new HttpError(401, 'Invalid or expired refresh token.', 'refresh_token');

/**
 * Rotates a refresh token: the presented one is marked replaced and a new one of the same family is
 * returned. Presenting a token that was already rotated or revoked means it leaked (or a client
 * misbehaved): the whole family is revoked, signing out every holder.
 */
export async function rotateRefreshToken(app: SessionContext, presented: string): Promise<{ access: string; refresh: string }> {
  const tokens = tokensRepository(app.db);
  const now = app.now();
  const row = await tokens.findRefreshByHash(sha256(presented));
  if (!row) throw invalidRefresh();
  if (row.replaced_by !== null || row.revoked_at !== null) {
    if (row.replaced_by !== null) {
      await tokens.revokeFamily(row.family_id, isoAt(now));
      app.log.warn({ userId: row.user_id, familyId: row.family_id }, 'rotated refresh token reused: family revoked');
    }
    throw invalidRefresh();
  }
  if (row.expires_at <= isoAt(now)) throw invalidRefresh();
  const user = await usersRepository(app.db).findById(row.user_id);
  if (!user) throw invalidRefresh();

  const refresh = newOpaqueToken();
  // Each rotation gets a fresh 30 days: a user who keeps coming back stays signed in.
  const replacementId = await tokens.createRefresh({
    userId: row.user_id,
    familyId: row.family_id,
    tokenHash: sha256(refresh),
    expiresAt: isoAt(now + REFRESH_TOKEN_TTL_MS),
    now: isoAt(now),
  });
  if (!(await tokens.markReplaced(row.id, replacementId, isoAt(now)))) {
    // Another request rotated the same token a moment ago: that is reuse too.
    await tokens.revokeFamily(row.family_id, isoAt(now));
    throw invalidRefresh();
  }
  const access = await accessTokenFor(app, user, row.family_id, now);
  return { access, refresh };
}

/** Signs out the session a refresh token belongs to (its whole family). Unknown tokens are ignored. */
export async function revokeRefreshToken(app: SessionContext, presented: string): Promise<void> {
  const tokens = tokensRepository(app.db);
  const row = await tokens.findRefreshByHash(sha256(presented));
  if (row) await tokens.revokeFamily(row.family_id, isoAt(app.now()));
}
