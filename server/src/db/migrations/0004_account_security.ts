import { sql, type Kysely } from 'kysely';

// Account security (issue 9):
// - pending_signups: each /create_profile/ is a sign-up of its own, named by an opaque token that
//   only the browser that chose the password holds; users holds verified accounts only.
// - users.credentials_version: access tokens carry it and die when it moves (password reset).
// - login_failures.ip: failures count per (account, client address), plus a per-account ceiling.

const LEGACY_PENDING_TTL_MS = 24 * 60 * 60 * 1000;

// Kysely<any>: a migration must keep working when today's schema types change.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pending_signups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    // SHA-256 of the sign-up token; null for sign-ups moved here from users (resumed by logging in).
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('pending_signups_email_lower', sql`email = lower(email)`)
    .execute();
  await db.schema.createIndex('pending_signups_email_idx').on('pending_signups').columns(['email', 'created_at']).execute();

  // Unverified accounts become pending sign-ups: whoever knows the password can still finish them.
  const expiresAt = new Date(Date.now() + LEGACY_PENDING_TTL_MS).toISOString();
  await db
    .insertInto('pending_signups')
    .columns(['id', 'email', 'name', 'password_hash', 'token_hash', 'expires_at', 'created_at'])
    .expression((eb: any) =>
      eb
        .selectFrom('users')
        .select(['id', 'email', 'name', 'password_hash', sql<string | null>`null`.as('token_hash'), sql.lit(expiresAt).as('expires_at'), 'created_at'])
        .where('email_verified', '=', 0)
        .where('password_hash', 'is not', null),
    )
    .execute();
  await db.deleteFrom('users').where('email_verified', '=', 0).execute();

  await db.schema.alterTable('users').addColumn('credentials_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema.alterTable('login_failures').addColumn('ip', 'text').execute();

  // Every authenticated request asks "is this session's family still live?": only live rows
  // matter, and a long-lived session's family holds one revoked row per refresh.
  await db.schema
    .createIndex('refresh_tokens_live_family_idx')
    .on('refresh_tokens')
    .column('family_id')
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('refresh_tokens_live_family_idx').execute();
  await db.schema.alterTable('login_failures').dropColumn('ip').execute();
  await db.schema.alterTable('users').dropColumn('credentials_version').execute();
  await db.schema.dropTable('pending_signups').execute();
}
