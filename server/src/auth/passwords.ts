import { availableParallelism } from 'node:os';
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

/**
 * argon2 runs on libuv's thread pool (4 threads), which file reads share. Unbounded, a burst of
 * logins fills every thread and takes every core from the event loop; so at most one hash per core
 * but one runs at a time (at least one), and the rest wait their turn here.
 */
export const ARGON2_CONCURRENCY = Math.max(1, Math.min(3, availableParallelism() - 1));
let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= ARGON2_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next(); // the slot passes straight to the next waiter
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, PASSWORD_HASH_OPTIONS));
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
    dummyHash ??= hashPassword(crypto.randomUUID());
    const dummy = await dummyHash;
    await limited(() => verify(dummy, password)).catch(() => false);
    return false;
  }
  try {
    return await limited(() => verify(passwordHash, password));
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/** Makes the dummy hash ahead of the first login, so the first unknown-email answer is not slower. */
export async function warmUpPasswords(): Promise<void> {
  await verifyPassword(null, 'warm-up');
}
