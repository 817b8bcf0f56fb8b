import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from './accounts.tables';
import { hashPassword } from './password';
import { resetTwoFactor } from './two-factor';

/**
 * What `ensureAdmin` did: made the account, found it an admin already, or refused an account of
 * that address that is not an admin.
 */
export type AdminOutcome = 'created' | 'kept' | 'refused';

/**
 * The first admin (ADMIN_EMAIL and ADMIN_PASSWORD at start-up, `npm run admin:create`): without
 * an account of that address, a verified admin account is created with that password; an admin
 * of that address stays one, with its own password. An account of that address that is not an
 * admin is never promoted ('refused'): whoever registered the address first (even without
 * verifying it) chose its password, and would become the admin.
 */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<AdminOutcome> {
  const address = email.trim();
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${address}) and ${users.deletedAt} is null`);
  if (existing) return existing.role === 'admin' ? 'kept' : 'refused';
  await db.insert(users).values({
    email: address,
    firstName: 'Admin',
    lastName: 'PromptMarket',
    passwordHash: await hashPassword(password),
    role: 'admin',
    emailVerifiedAt: new Date(),
    locale: 'en',
  });
  return 'created';
}

/** Turns off two-factor sign-in of the account of that address (the recovery path of the CLI). */
export async function resetTwoFactorOf(db: Db, email: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()}) and ${users.deletedAt} is null`);
  if (user) await resetTwoFactor(db, user.id);
}

/**
 * An account of the demo shop (a buyer whose reviews the demo prompts show), made once by its
 * address and verified; its password is random and never told, so nobody signs in as it. Answers
 * its id.
 */
export async function ensureDemoAccount(
  db: Db,
  account: { email: string; firstName: string; lastName: string; locale: string },
): Promise<string> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${account.email}) and ${users.deletedAt} is null`);
  if (existing) return existing.id;
  const [created] = await db
    .insert(users)
    .values({
      ...account,
      passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!created) throw new Error('demo account insert returned no row');
  return created.id;
}
