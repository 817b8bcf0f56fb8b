import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { ensureAdmin } from '../modules/admin/admin.bootstrap';
import { openDatabase } from './client';
import { migrate } from './migrate';

// `npm run admin:create -- --email a@b.c --password '…'`: makes that account a back-office admin,
// creating it (verified) when it does not exist. The server must not be running on an embedded
// database at the same time (it holds the database's lock).
const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
const email = values.email?.trim() ?? '';
const password = values.password ?? '';
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || password.length < 12) {
  console.error(
    'Usage: npm run admin:create -- --email admin@example.com --password "at least 12 characters"',
  );
  process.exit(1);
}
const database = await openDatabase(loadConfig().database);
try {
  await migrate(database);
  const outcome = await ensureAdmin(database.db, email, password);
  console.log(`Admin ${email}: ${outcome}.`);
} finally {
  await database.close();
}
