import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from './accounts.tables';
import { hashPassword } from './password';
import { resetTwoFactor } from './two-factor';

/**
 * The first admin (ADMIN_EMAIL and ADMIN_PASSWORD at start-up): an account of that address is
 * made an admin; without one, a verified admin account is created with that password. An
 * existing account keeps its own password.
 */
export async function ensureAdmin(
  db: Db,
  email: string,
  password: string,
): Promise<'created' | 'promoted' | 'kept'> {
  const address = email.trim();
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${address}) and ${users.deletedAt} is null`);
  if (existing) {
    if (existing.role === 'admin') return 'kept';
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, existing.id));
    return 'promoted';
  }
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
