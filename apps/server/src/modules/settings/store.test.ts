import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { settings } from '../../db/schema';
import { createUser, useTestApp } from '../../../test/helpers';
import { readSetting, writeSetting } from './store';

const ctx = useTestApp();

const schema = z.object({ limit: z.number() });
const FALLBACK = { limit: 10 };

describe('readSetting and writeSetting (the settings table, one JSON value a key)', () => {
  it('reads the fallback while nothing is set, then what was written, and a second write replaces it', async () => {
    const [a, b] = await Promise.all([
      createUser(ctx.db, { isAdmin: true }),
      createUser(ctx.db, { isAdmin: true }),
    ]);
    expect(await readSetting(ctx.db, 'storeTest', schema, FALLBACK)).toEqual(FALLBACK);
    await writeSetting(ctx.db, 'storeTest', { limit: 5 }, a.id);
    expect(await readSetting(ctx.db, 'storeTest', schema, FALLBACK)).toEqual({ limit: 5 });
    await writeSetting(ctx.db, 'storeTest', { limit: 7 }, b.id);
    expect(await readSetting(ctx.db, 'storeTest', schema, FALLBACK)).toEqual({ limit: 7 });
    const rows = await ctx.db.select().from(settings).where(eq(settings.key, 'storeTest'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.updatedBy).toBe(b.id);
  });

  it('reads the fallback for a value its schema does not accept', async () => {
    const admin = await createUser(ctx.db, { isAdmin: true });
    await writeSetting(ctx.db, 'storeTestOld', { limit: 'lots' }, admin.id);
    expect(await readSetting(ctx.db, 'storeTestOld', schema, null)).toBeNull();
  });
});
