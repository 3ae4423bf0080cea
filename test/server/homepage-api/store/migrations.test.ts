/** Every SQLite migration has its PostgreSQL twin, same number and name (decision 0109). */
import t from 'tap';
import { join } from 'node:path';
import { listMigrations } from '#server/homepage-api/store/db.ts';

const dir = join(import.meta.dirname, '..', '..', '..', '..', 'server', 'homepage-api', 'store');

t.test('migrations and migrations-pg hold the same versions', async (t) => {
  const names = (sub: string) => listMigrations(join(dir, sub)).map((m) => `${m.version}-${m.name}`);
  t.same(names('migrations-pg'), names('migrations'), 'a new SQLite migration needs its PostgreSQL twin');
});
