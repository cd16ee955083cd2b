import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyTarget, seededSource, snapshot, type TestTarget } from '../../test/backup-support';
import { createBackup, restoreBackup } from './backup';

/**
 * One archive format for both databases: a PostgreSQL backup restores into the embedded database (a
 * copy to try things on) and an embedded backup into PostgreSQL (moving a small installation to a
 * server), row for row.
 */
const cleanup: TestTarget[] = [];
afterAll(async () => {
  for (const t of cleanup) await t.drop();
});

describe('backups across drivers', () => {
  it('PostgreSQL -> embedded -> PostgreSQL keeps every row, sequence and file', async () => {
    const pgSource = await seededSource('pg');
    const embedded = await emptyTarget('embedded');
    const pgTarget = await emptyTarget('pg');
    cleanup.push(pgSource, embedded, pgTarget);
    const expected = await snapshot(pgSource);

    const first = await createBackup(pgSource, path.join(path.dirname(pgSource.dataDir), 'from-pg.tar.gz'));
    expect(first.manifest.source.database).toBe('postgresql');
    await restoreBackup(embedded, first.file);
    expect(await snapshot(embedded)).toEqual(expected);

    const second = await createBackup(
      embedded,
      path.join(path.dirname(embedded.dataDir), 'from-embedded.tar.gz'),
    );
    expect(second.manifest.source.database).toBe('embedded');
    await restoreBackup(pgTarget, second.file);
    expect(await snapshot(pgTarget)).toEqual(expected);
  }, 90_000);
});
