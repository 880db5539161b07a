// The gallery kept in memory (server/src/db/repositories/gallery.ts, issues 29 and 43): its pages
// and searches against a plain filter of the same items over many random cases, its freshness on
// both engines (every write to a user's media, from this connection or another process's, moves the
// user's gallery version and is seen by the next read), its memory budget, its answer pieces, and
// migrations 0016 and 0019 down and up. Pages filtered by character (issue 44) among them.
import { Migrator, PostgresAdapter, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import '../../server/src/db/gallery-schema.ts';
import { GalleryCache, galleryListOf, galleryPage, galleryRepository, NO_ITEMS, type GalleryItem, type GalleryPosition, type GalleryQuery } from '../../server/src/db/repositories/gallery.ts';
import { createDatabase, migrateToLatest, type Db } from '../../server/src/db/index.ts';
import { migrations } from '../../server/src/db/migrations/index.ts';
import { newId } from '../../server/src/db/util.ts';
import { engines, useTestDatabase, migratingSafely } from './support/db.ts';
import { seededRandom, seedGallery, type SeedItem } from './support/gallery.ts';

/** What a page must be: the items in (created_at desc, id desc) order, filtered one by one. */
function expected(items: readonly GalleryItem[], after: GalleryPosition | undefined, { words = [], from, to, character, favourites, limit }: GalleryQuery): GalleryItem[] {
  const sorted = [...items].sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1));
  return sorted
    .filter((i) => !after || i.created_at < after.created_at || (i.created_at === after.created_at && i.id < after.id))
    .filter((i) => (from === undefined || i.created_at >= from) && (to === undefined || i.created_at <= to))
    .filter((i) => words.every((w) => i.search_text.includes(w)))
    .filter((i) => character === undefined || i.character_id === character)
    .filter((i) => !favourites || i.favourite === 1)
    .slice(0, limit);
}

describe('a gallery page from memory', () => {
  const VOCABULARY = ['sunset', 'beach', 'portrait', 'élodie', '100%', 'e_c', 'neon', 'rain', 'ab', 'a', '東京', 'grace hopper', 'x'.repeat(300)];
  const QUERY_WORDS = ['sunset', 'sun', 'set', 'beach portrait', 'élo', '%', '_', 'e', 'ab', 'n r', '東', 'hopper', 'xxxx', 'zebra', 'ortr'];

  it('answers as a plain filter would, over lists around the 32-item steps, with cursors, bounds, limits and words', () => {
    const next = seededRandom(29);
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    let cases = 0;
    for (const size of [0, 1, 2, 31, 32, 33, 63, 64, 65, 200, 1000]) {
      const made = Array.from({ length: size }, (_, i): GalleryItem => ({
        // Few distinct instants, so that many items share one and their ids decide the order.
        id: `m${String(Math.floor(next() * 1e6)).padStart(6, '0')}${i}`,
        created_at: new Date(Date.UTC(2026, 0, 1 + Math.floor(next() * 40))).toISOString(),
        search_text: Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(VOCABULARY)).join(next() < 0.5 ? ' ' : '\n'),
        kind: 'image', storage_key: `gen/${i}`, gender: null, face_prompt: null, upscaled_from: null, scale: null, job_id: null,
        // Issue 44: some items of one character, some of another, most of none.
        character_id: pick([null, null, 'c1', 'c2']),
        // Issue 45: about a quarter are favourites.
        favourite: next() < 0.25 ? 1 : 0, source_kind: null, source_text: null, engine: null, width: null, height: null, duration_seconds: null,
      }));
      const list = galleryListOf([...made]);
      for (let round = 0; round < 60; round++) {
        const words = Array.from({ length: Math.floor(next() * 3) }, () => pick(QUERY_WORDS)).flatMap((w) => w.split(' '));
        const day = () => new Date(Date.UTC(2026, 0, Math.floor(next() * 42))).toISOString();
        const [from, to] = [next() < 0.3 ? day() : undefined, next() < 0.3 ? day() : undefined];
        const character = pick([undefined, undefined, null, 'c1']);
        const query: GalleryQuery = { words, from, to, character, favourites: next() < 0.3, limit: 1 + Math.floor(next() * 60) };
        // A cursor at an item, or between items (an instant and an id no item has).
        const at = size > 0 && next() < 0.5 ? pick(made) : undefined;
        const after = at && (next() < 0.7 ? { created_at: at.created_at, id: at.id } : { created_at: day(), id: 'm5' });
        expect(galleryPage(list, after, query), JSON.stringify({ size, query, after })).toEqual(expected(made, after, query));
        cases += 1;
      }
    }
    expect(cases).toBe(660);
  });
});

describe.each(engines)('the gallery cache on %s', (engine) => {
  const database = useTestDatabase(engine);
  const T0 = Date.parse('2026-03-10T12:00:00.000Z');
  const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

  async function addUser(db: Db): Promise<string> {
    const id = newId();
    await db.insertInto('users').values({ id, email: `${id}@example.com`, name: 'U', password_hash: null, created_at: at(0), updated_at: at(0) }).execute();
    return id;
  }
  const images = (prompts: readonly string[], start = 0) => prompts.map((prompt, i): SeedItem => ({ group: 'images', created_at: at(start + i), input: { prompt } }));
  const texts = async (cache: GalleryCache, userId: string, words: string[] = []) =>
    galleryPage((await cache.of(userId)).byKind.get('image') ?? NO_ITEMS, undefined, { words, limit: 100 }).map((i) => i.search_text);

  it('keeps a gallery while its version stands, and sees every insert, update and delete, from this connection or another', async () => {
    const { db } = database.current;
    const cache = new GalleryCache(db);
    const [alice, bob] = [await addUser(db), await addUser(db)];
    await seedGallery(db, alice, [...images(['sunset beach', 'neon rain']), { group: 'faces', created_at: at(5), input: { celebrities: ['Grace Hopper'] } }, { group: 'images', created_at: at(6), storage_key: '' }]);
    const first = await cache.of(alice);
    expect([...first.byKind.keys()].sort()).toEqual(['face', 'image']);
    expect(await texts(cache, alice)).toEqual(['neon rain', 'sunset beach']);
    // Nothing moved: the same gallery, not a new load; bob's items do not move alice's version.
    await seedGallery(db, bob, images(['bob at the beach']));
    expect(await cache.of(alice)).toBe(first);

    await seedGallery(db, alice, images(['a zebra'], 10));
    expect(await texts(cache, alice, ['zebra'])).toEqual(['a zebra']);
    await db.updateTable('media_items').set({ search_text: 'a zebra at sunset' }).where('user_id', '=', alice).where('search_text', '=', 'neon rain').execute();
    expect(await texts(cache, alice, ['zebra'])).toEqual(['a zebra', 'a zebra at sunset']);
    await db.deleteFrom('media_items').where('user_id', '=', alice).where('search_text', '=', 'a zebra').execute();
    expect(await texts(cache, alice, ['zebra'])).toEqual(['a zebra at sunset']);

    // Another process's connection (the worker storing a result, a second API process) writes: seen here all the same.
    const other = createDatabase({ databaseUrl: database.current.databaseUrl, dataDir: database.current.dataDir });
    try {
      await seedGallery(other.db, alice, images(['from the worker'], 20));
      await other.db.updateTable('media_items').set({ kind: 'face' }).where('user_id', '=', alice).where('search_text', '=', 'sunset beach').execute();
    } finally {
      await other.destroy();
    }
    expect(await texts(cache, alice)).toEqual(['from the worker', 'a zebra at sunset']);
    expect((await cache.of(alice)).byKind.get('face')!.items.map((i) => i.search_text)).toEqual(['grace hopper', 'sunset beach']);

    // Two reads at once share one load.
    await seedGallery(db, alice, images(['one more'], 30));
    const [a, b] = await Promise.all([cache.of(alice), cache.of(alice)]);
    expect(a).toBe(b);

    // The account deleted (its media go by cascade, their triggers find no user row): nothing is answered or kept.
    await db.deleteFrom('users').where('id', '=', alice).execute();
    expect((await cache.of(alice)).byKind.size).toBe(0);
    expect(await db.selectFrom('gallery_versions').select('user_id').execute()).toEqual([{ user_id: bob }]);
    expect(await texts(cache, bob)).toEqual(['bob at the beach']);
  });

  it("writes each item's answer piece once per writer while its gallery is kept, and anew once it is loaded again", async () => {
    const { db } = database.current;
    const repo = galleryRepository(db);
    const userId = await addUser(db);
    await seedGallery(db, userId, images(['sunset', 'beach']));
    let written = 0;
    const write = (item: GalleryItem) => {
      written += 1;
      return JSON.stringify(item.search_text);
    };
    const page = async () => (await repo.pages(userId, [{ kind: 'image' }], { limit: 10 }))[0]!;
    expect(repo.pieces(await page(), write)).toEqual(['"beach"', '"sunset"']);
    expect(repo.pieces(await page(), write)).toEqual(['"beach"', '"sunset"']);
    expect(written).toBe(2);
    // Another writer (another app's storage URLs) has pieces of its own.
    expect(repo.pieces(await page(), (item) => item.id)).toEqual((await page()).map((i) => i.id));
    await seedGallery(db, userId, images(['rain'], 10));
    expect(repo.pieces(await page(), write)).toEqual(['"rain"', '"beach"', '"sunset"']);
    expect(written).toBe(5);
  });

  it('keeps the galleries last used within its budget; one larger than the budget is answered and not kept', async () => {
    const { db } = database.current;
    const [small, other, large] = [await addUser(db), await addUser(db), await addUser(db)];
    await seedGallery(db, small, images(Array.from({ length: 20 }, (_, i) => `small ${i}`)));
    await seedGallery(db, other, images(Array.from({ length: 20 }, (_, i) => `other ${i}`)));
    await seedGallery(db, large, images(Array.from({ length: 200 }, (_, i) => `large ${i}`)));
    const probe = new GalleryCache(db);
    const oneSmall = (await probe.of(small)).bytes;
    expect(oneSmall).toBeGreaterThan(20 * 200);
    // Room for one small gallery and a half.
    const cache = new GalleryCache(db, Math.floor(oneSmall * 1.5));
    const kept = await cache.of(small);
    expect(cache.bytes).toBe(oneSmall);
    expect(await cache.of(small)).toBe(kept);
    await cache.of(other);
    expect(cache.bytes).toBeLessThanOrEqual(oneSmall * 1.5);
    // small was the least recently used: loaded again (a new gallery), other dropped in its turn.
    const again = await cache.of(small);
    expect(again).not.toBe(kept);
    expect(again.byKind.get('image')!.items).toHaveLength(20);

    const big = await cache.of(large);
    expect(big.byKind.get('image')!.items).toHaveLength(200);
    expect(big.bytes).toBeGreaterThan(oneSmall * 1.5);
    expect(cache.bytes).toBe(0);
    expect(await cache.of(large)).not.toBe(big);
  });
});

describe.each(engines)('0016_gallery_versions and 0019_gallery_version_table on %s', (engine) => {
  const database = useTestDatabase(engine, { migrate: false });
  const day = (d: number) => `2026-01-0${d}T00:00:00.000Z`;

  it('go down to 0015 (the version back on users at 0018, then gone) and up again, the version moving all along', async () => {
    const { db } = database.current;
    await migratingSafely(database.current, () => migrateToLatest(db));
    const userId = newId();
    await db.insertInto('users').values({ id: userId, email: `${userId}@example.com`, name: 'U', password_hash: null, created_at: day(1), updated_at: day(1) }).execute();
    await seedGallery(db, userId, [{ group: 'images', created_at: day(2), input: { prompt: 'sunset' } }]);
    expect(await db.selectFrom('gallery_versions').selectAll().execute()).toEqual([{ user_id: userId, version: 1 }]);

    const schema = db.getExecutor().adapter instanceof PostgresAdapter ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
    // Kysely's introspection reads every schema of the database: under the DDL lock too (CI: a schema
    // dropped under it failed this test with "schema t_… does not exist").
    const tables = async () => (await migratingSafely(database.current, () => db.introspection.getTables())).filter((t) => !schema || t.schema === schema);
    const userColumns = async () => (await tables()).find((t) => t.name === 'users')!.columns.map((c) => c.name);
    const usersVersion = async () => (await sql<{ v: number }>`select media_version as v from users`.execute(db)).rows[0]!.v;
    expect(await userColumns()).not.toContain('media_version');

    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
    expect((await migratingSafely(database.current, () => migrator.migrateTo('0018_job_output_dropped'))).error).toBeUndefined();
    expect((await tables()).map((t) => t.name)).not.toContain('gallery_versions');
    expect(await usersVersion()).toBe(1);
    await seedGallery(db, userId, [{ group: 'images', created_at: day(3), input: { prompt: 'dusk' } }]);
    expect(await usersVersion()).toBe(2);

    expect((await migratingSafely(database.current, () => migrator.migrateTo('0015_gallery_terms'))).error).toBeUndefined();
    expect(await userColumns()).not.toContain('media_version');
    // 0015 makes no candidate index any more (0016 dropped it, and nothing registers its SQL function).
    expect((await tables()).map((t) => t.name)).not.toContain('media_terms');
    // Writes work without the triggers' column.
    await seedGallery(db, userId, [{ group: 'images', created_at: day(4), input: { prompt: 'beach' } }]);

    const names = Object.keys(migrations);
    expect(await migratingSafely(database.current, () => migrateToLatest(db))).toEqual(names.slice(names.indexOf('0016_gallery_versions')));
    await db.deleteFrom('media_items').where('search_text', '=', 'beach').execute();
    expect(await db.selectFrom('gallery_versions').selectAll().execute()).toEqual([{ user_id: userId, version: 1 }]);
    expect((await new GalleryCache(db).of(userId)).byKind.get('image')!.items.map((i) => i.search_text)).toEqual(['dusk', 'sunset']);

    // The account deleted: its version goes with it (its media's triggers bump no user that is gone).
    await db.deleteFrom('users').where('id', '=', userId).execute();
    expect(await db.selectFrom('gallery_versions').selectAll().execute()).toEqual([]);
  });
});
