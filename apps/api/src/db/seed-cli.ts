import { loadConfig } from '../config';
import { openDatabase } from './client';
import { migrate } from './migrate';
import { seed } from './seed';

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await migrate(database);
  await seed(database.db);
  console.log(`Seeded the ${database.kind} database.`);
} finally {
  await database.close();
}
