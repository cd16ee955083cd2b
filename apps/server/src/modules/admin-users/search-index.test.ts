import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { userListQuery } from '@portal/contracts';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../../test/helpers';
import { listUsers } from './service';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  // Sixty users sharing the words 'zedcommon', 'example' and 'test', one with a word of its own; the
  // statistics the index query is chosen by are taken at once.
  await database.db.execute(sql`
    insert into users (name, email, password_hash)
    select 'Zedcommon ' || g, 'zedcommon-' || g || '@example.test', 'x' from generate_series(1, 60) g
    union all select 'Quorra Zedcommon', 'quorra@example.test', 'x'`);
  await database.db.execute(sql`analyze users`);
});
afterAll(() => database.close());

const asked = async (words: string[]) => {
  const array = sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  );
  const whole = words.map((w) => `${w}:*`).join(' & ');
  const result = (await database.db.execute(
    sql`select user_search_index_query(array[${array}]::text[], to_tsquery('simple'::regconfig, ${whole}))::text as q`,
  )) as unknown as { rows: { q: string | null }[] };
  return result.rows[0]!.q;
};

const search = async (text: string, page = 1) => {
  const { rows, total } = await listUsers(
    database.db,
    userListQuery.parse({ search: text, pageSize: '5', page: String(page) }),
  );
  return { total, names: rows.map((r) => r.user.name) };
};

describe('the admin users search asks the index for its rarest word', () => {
  it('chooses the word fewest users have, or the whole search when every word is common', async () => {
    expect(await asked(['zedcommon', 'quorra'])).toBe("'quorra':*");
    expect(await asked(['quo', 'zedcommon'])).toBe("'quo':*");
    // Both in every user: the index intersects them itself.
    expect(await asked(['zedcommon', 'example'])).toBe("'zedcommon':* & 'example':*");
    expect(await asked(['test'])).toBe("'test':*");
  });

  it('finds the same users whichever word the index is asked for', async () => {
    // 'zedcommon' is common, '1' rare: the index finds the users with a word starting with '1'
    // (1, 10-19) and the whole search is tested on them.
    const ones = await search('zedcommon 1');
    expect(ones.total).toBe(11);
    expect(ones.names).toEqual([
      'Zedcommon 1',
      'Zedcommon 10',
      'Zedcommon 11',
      'Zedcommon 12',
      'Zedcommon 13',
    ]);
    expect((await search('zedcommon 1', 3)).names).toEqual(['Zedcommon 19']);
    expect((await search('quorra zedcommon')).names).toEqual(['Quorra Zedcommon']);
    expect((await search('quorra nobody')).total).toBe(0);
    // Every word common: the whole search from the index, no row test.
    expect((await search('zedcommon example test')).total).toBe(61);
  });
});
