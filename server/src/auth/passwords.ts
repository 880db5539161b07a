import { hash, verify, type Options } from '@node-rs/argon2';

/** argon2id with OWASP's minimum: 19 MiB, 2 passes, 1 lane. Runs on libuv's pool, off the event loop. */
export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: 2 as Options['algorithm'], // Algorithm.Argon2id (an ambient const enum: not importable under isolatedModules)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

// A real hash of a random password, made once: unknown emails and password-less accounts are
// checked against it so they take as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. With no hash (unknown user, Google-only account) it
 * still runs one full argon2 verify and answers false, so timing does not reveal which case it was.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash(crypto.randomUUID(), PASSWORD_HASH_OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/** Makes the dummy hash ahead of the first login, so the first unknown-email answer is not slower. */
export async function warmUpPasswords(): Promise<void> {
  await verifyPassword(null, 'warm-up');
}
