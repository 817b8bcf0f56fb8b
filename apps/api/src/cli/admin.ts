import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config';
import { openDatabase, withoutTimeLimits } from '../db/client';
import { migrate, underStartLock } from '../db/migrate';
import { createOwnerOnly } from '../lib/owner-only';
import { ensureAdmin, resetTwoFactorOf } from '../modules/accounts/accounts.bootstrap';

// `npm run admin:create -- --email a@b.c --password '…'`: creates a back-office admin (verified) of
// that address; an admin of that address stays one, and an account of that address that is not an
// admin is refused, never promoted. `--reset-two-factor` also turns off two-factor
// sign-in of that account, for an admin who lost the phone with the codes. The server must not be
// running on an embedded database at the same time (it holds the database's lock).

/** Which database the command works on, without a password. */
function describeDatabase(database: Config['database']): string {
  if (database.kind === 'pglite') return `the embedded one in ${database.dataDir ?? 'memory'}`;
  const url = new URL(database.url);
  const name = decodeURIComponent(url.pathname.slice(1)) || '(the user’s own)';
  const user = url.username ? ` as ${decodeURIComponent(url.username)}` : '';
  const host = url.host || url.searchParams.get('host') || 'localhost';
  return `PostgreSQL at ${host}, database ${name}${user}`;
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'reset-two-factor': { type: 'boolean', default: false },
  },
});
const email = values.email?.trim() ?? '';
const password = values.password ?? '';
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || password.length < 12) {
  console.error(
    'Usage: npm run admin:create -- --email admin@example.com --password "at least 12 characters"',
  );
  process.exit(1);
}
// What the command writes into DATA_DIR (the embedded database, pictures) is the owner's alone.
createOwnerOnly();
const config = loadConfig();
// The embedded database's folder comes from DATA_DIR, a relative one taken from the project's
// folder: said first, so an admin made in another database than the shop's is seen at once.
console.log(`Database: ${describeDatabase(config.database)}`);
const database = await openDatabase(withoutTimeLimits(config.database));
try {
  await underStartLock(config.database, () => migrate(database));
  const outcome = await ensureAdmin(database.db, email, password);
  if (outcome === 'refused') {
    console.error(
      `${email}: an account of this address exists and is not an admin; it is not made one. Choose another address, or delete that account first.`,
    );
    process.exitCode = 1;
  } else {
    console.log(`Admin ${email}: ${outcome}.`);
  }
  if (values['reset-two-factor'] && outcome !== 'refused') {
    await resetTwoFactorOf(database.db, email);
    console.log(`Two-factor sign-in of ${email} is off.`);
  }
} finally {
  await database.close();
}
