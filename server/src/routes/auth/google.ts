import type { FastifyInstance } from 'fastify';
import type { GoogleIdentity } from '../../auth/google.ts';
import { GoogleTokenError } from '../../auth/google.ts';
import { MESSAGES, nameFromGoogle, validName } from '../../auth/rules.ts';
import { issueSession, type IssuedSession } from '../../auth/sessions.ts';
import { usersRepository } from '../../db/repositories/users.ts';
import type { User } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/util.ts';
import { HttpError } from '../../http-error.ts';
import { isoAt } from '../../time.ts';

/** The verified identity behind a `<GoogleLogin>` credential; 404 when not configured, 401 when invalid. */
export async function verifyCredential(app: FastifyInstance, credential: string): Promise<GoogleIdentity> {
  if (!app.verifyGoogleCredential) throw new HttpError(404, MESSAGES.googleOff);
  try {
    return await app.verifyGoogleCredential(credential);
  } catch (err) {
    if (!(err instanceof GoogleTokenError)) throw err;
    app.log.info({ reason: err.message }, 'Google credential rejected');
    throw new HttpError(401, MESSAGES.googleBad, 'credential');
  }
}

/** The verified account of a Google identity: by its sub, else by its (Google-verified) email, linking the sub. */
export async function findGoogleUser(app: FastifyInstance, identity: GoogleIdentity): Promise<User | undefined> {
  const users = usersRepository(app.db);
  const bySub = await users.findByGoogleSub(identity.sub);
  if (bySub) return bySub;
  const byEmail = await users.findByEmail(identity.email);
  if (!byEmail?.email_verified) return undefined;
  if (byEmail.google_sub === null) await users.linkGoogle(byEmail.id, identity.sub, isoAt(app.now()));
  return byEmail;
}

/** /create_profile/ with a credential: Google verified the email, so the account is verified at once. */
export async function signUpWithGoogle(app: FastifyInstance, credential: string, bodyName: string | undefined): Promise<IssuedSession> {
  const identity = await verifyCredential(app, credential);
  const existing = await findGoogleUser(app, identity);
  if (existing) return issueSession(app, existing);
  const name = bodyName?.trim() ? validName(bodyName) : nameFromGoogle(identity.name, identity.email);
  try {
    const user = await usersRepository(app.db).createFromGoogle({ email: identity.email, name, googleSub: identity.sub, now: isoAt(app.now()) });
    return await issueSession(app, user);
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(400, MESSAGES.emailTaken, 'email');
    throw err;
  }
}

/** The name Google gave, for the unknown-user answer (the page pre-fills sign-up with it). */
export const nameOrEmpty = (identity: GoogleIdentity): string => identity.name ?? '';
