// Google sign-in: the credential verified, the account found by its Google sub or its verified
// email (linking the sub), or made from the verified identity.
import { GoogleTokenError, type GoogleIdentity } from '../auth/google.ts';
import { MESSAGES, nameFromGoogle, validName } from '../auth/rules.ts';
import { issueSession, type IssuedSession } from '../auth/sessions.ts';
import { usersRepository } from '../db/repositories/users.ts';
import type { User } from '../db/schema.ts';
import { isUniqueViolation } from '../db/util.ts';
import { HttpError } from '../http-error.ts';
import { isoAt } from '../time.ts';
import type { AccountDeps } from './service.ts';

export function googleAccounts(deps: AccountDeps) {
  const users = usersRepository(deps.db);

  /** The verified identity behind a `<GoogleLogin>` credential; 404 when not configured, 401 when invalid. */
  async function verify(credential: string): Promise<GoogleIdentity> {
    if (!deps.verifyGoogleCredential) throw new HttpError(404, MESSAGES.googleOff);
    try {
      return await deps.verifyGoogleCredential(credential);
    } catch (err) {
      if (!(err instanceof GoogleTokenError)) throw err;
      deps.log.info({ reason: err.message }, 'Google credential rejected');
      throw new HttpError(401, MESSAGES.googleBad, 'credential');
    }
  }

  /** The verified account of a Google identity: by its sub, else by its (Google-verified) email, linking the sub. */
  async function find(identity: GoogleIdentity): Promise<User | undefined> {
    const bySub = await users.findByGoogleSub(identity.sub);
    if (bySub) return bySub;
    const byEmail = await users.findByEmail(identity.email);
    if (!byEmail?.email_verified) return undefined;
    if (byEmail.google_sub === null) await users.linkGoogle(byEmail.id, identity.sub, isoAt(deps.now()));
    return byEmail;
  }

  return {
    verify,
    find,

    /** /create_profile/ with a credential: Google verified the email, so the account is verified at once. */
    async signUpWithGoogle(credential: string, bodyName: string | undefined): Promise<IssuedSession> {
      const identity = await verify(credential);
      const existing = await find(identity);
      if (existing) return issueSession(deps, existing);
      const name = bodyName?.trim() ? validName(bodyName) : nameFromGoogle(identity.name, identity.email);
      try {
        const user = await users.createFromGoogle({ email: identity.email, name, googleSub: identity.sub, now: isoAt(deps.now()) });
        return await issueSession(deps, user);
      } catch (err) {
        if (isUniqueViolation(err)) throw new HttpError(400, MESSAGES.emailTaken, 'email');
        throw err;
      }
    },
  };
}

export type GoogleAccounts = ReturnType<typeof googleAccounts>;
