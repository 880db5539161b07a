import { loadConfig } from './config/index.ts';
import { createDatabase, migrateToLatest } from './db/index.ts';
import { grants } from './billing/grants.ts';
import { plansRepository } from './db/repositories/plans.ts';
import { usersRepository } from './db/repositories/users.ts';
import { normalizeEmail } from './auth/rules.ts';

const USAGE = `Usage:
  npm run admin -- grant <email> <plan> [days]   give an account a plan (basic, advanced, premium) for days (default 30)
  npm run admin -- revoke <email>                end the account's grants and trial now`;

interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one operator command; answers the process exit code. Grants are recorded in payment_events (provider 'admin'). */
export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv, io: Output, now: () => number = Date.now): Promise<number> {
  const [command, rawEmail, planId, rawDays] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !rawEmail || (command === 'grant' && !planId)) {
    io.err(USAGE);
    return 2;
  }
  const days = rawDays === undefined ? 30 : Number(rawDays);
  if (command === 'grant' && (!Number.isInteger(days) || days < 1 || days > 3660)) {
    io.err('days must be a whole number from 1 to 3660');
    return 2;
  }
  const config = loadConfig(env);
  const { db, destroy } = createDatabase(config);
  try {
    await migrateToLatest(db);
    const user = await usersRepository(db).findByEmail(normalizeEmail(rawEmail));
    if (!user) {
      io.err(`No account with the email ${rawEmail}.`);
      return 1;
    }
    const userGrants = grants(db, now);
    if (command === 'revoke') {
      const count = await userGrants.revoke(user.id);
      io.out(count > 0 ? `Revoked ${count} grant(s) of ${user.email}.` : `${user.email} had no grant in force.`);
      return 0;
    }
    const plan = await plansRepository(db).findById(planId!.toLowerCase());
    if (!plan) {
      io.err(`Unknown plan ${planId}: use basic, advanced or premium.`);
      return 2;
    }
    const { endsAt } = await userGrants.grant(user.id, plan.id, days);
    io.out(`Granted ${plan.name} to ${user.email} until ${endsAt}.`);
    return 0;
  } finally {
    await destroy();
  }
}
