// The gallery search (issue 29) over real HTTP on both engines: q over prompts, celebrity names
// and lyrics, kinds, from/to, limit and the cursor walked to its end, the plain gallery unchanged,
// validation, other users' items, and the search text the runner and the migration's backfill write.
import { Migrator, PostgresAdapter, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import Value from 'typebox/value';
import { GALLERY_GROUPS, GalleryResponse, GallerySearchResponse, type GalleryGroup } from '../../contract/studio.ts';
import '../../server/src/db/gallery-schema.ts';
import { migrateToLatest } from '../../server/src/db/index.ts';
import { migrations } from '../../server/src/db/migrations/index.ts';
import { galleryRepository } from '../../server/src/db/repositories/gallery.ts';
import { newId } from '../../server/src/db/util.ts';
import { searchTextOf } from '../../server/src/jobs/search-text.ts';
import { engines, useTestDatabase, migratingSafely } from './support/db.ts';
import { seedGallery, type SeedItem } from './support/gallery.ts';
import { poster, type Post } from './support/http-user.ts';
import { SECURITY_KEY, studioApp, type StudioApp, type StudioUser } from './support/studio.ts';

const T0 = Date.parse('2026-03-10T12:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

type Page = Partial<Record<GalleryGroup, { id: string; created_at: string }[]>> & { next_cursor?: string | null };

/** Issue 45's fields of an item seeded without a job: not a favourite, no source, size or engine. */
const NO_WORKSPACE = { favourite: false, source: null, engine: null, width: null, height: null, duration_seconds: null };

describe.each(engines)('gallery search on %s', (engine) => {
  const database = useTestDatabase(engine);

  /** The app listening on a port, two signed-in users, and POST /api/gallery/ as each of them. */
  async function setUp(): Promise<{ t: StudioApp; alice: StudioUser; bob: StudioUser; post: Post; search: (u: StudioUser, body: object) => Promise<Page> }> {
    const t = await studioApp(database.current);
    const [alice, bob] = [await t.user('alice@example.com'), await t.user('bob@example.com')];
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const post = poster(`${address}/api`);
    const search = async (u: StudioUser, body: object) => {
      const res = await post('/gallery/', { user_id: u.userId, ...body }, u.access);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      // The route writes its JSON itself (items kept as text): every answer must still be what the schema says.
      expect([...Value.Errors(GallerySearchResponse, res.json)].map((e) => `${e.instancePath}: ${e.message}`)).toEqual([]);
      return res.json as unknown as Page;
    };
    return { t, alice, bob, post, search };
  }

  const ids = (page: Page, group: GalleryGroup) => (page[group] ?? []).map((i) => i.id);

  it('q: every word, case-insensitive, over prompts, celebrity names and lyrics; % and _ are plain characters', async () => {
    const { t, alice, bob, search } = await setUp();
    const [adaFace, promptFace, image, video, song, percent] = await seedGallery(t.app.db, alice.userId, [
      { group: 'faces', created_at: at(1), input: { celebrities: ['Ada Lovelace', 'Grace Hopper', 'Hedy Lamarr'] } },
      { group: 'faces', created_at: at(2), input: { prompt: 'Auburn waves, FRECKLES, green eyes' } },
      { group: 'images', created_at: at(3), input: { prompt: 'On a beach at sunset, freckles in the light' } },
      { group: 'gen_video', created_at: at(4), input: { prompt: 'Slow pan across Élodie’s studio' } },
      { group: 'audio', created_at: at(5), input: { lyrics: 'Freckles and sunsets, hold on' } },
      { group: 'images', created_at: at(6), input: { prompt: '100% snake_case' } },
      { group: 'videos', created_at: at(7) },
    ]);
    await seedGallery(t.app.db, bob.userId, [{ group: 'faces', created_at: at(8), input: { celebrities: ['Ada Lovelace', 'X', 'Y'] } }]);

    const hopper = await search(alice, { q: 'hopper' });
    expect(Object.keys(hopper).sort()).toEqual([...GALLERY_GROUPS].sort());
    expect(ids(hopper, 'faces')).toEqual([adaFace]);
    expect(GALLERY_GROUPS.filter((g) => g !== 'faces').every((g) => ids(hopper, g).length === 0)).toBe(true);
    expect(hopper.next_cursor).toBeUndefined();

    const freckles = await search(alice, { q: '  FRECKLES ' });
    expect([ids(freckles, 'faces'), ids(freckles, 'images'), ids(freckles, 'audio')]).toEqual([[promptFace], [image], [song]]);
    expect(ids(await search(alice, { q: 'freckles sunset' }), 'images')).toEqual([image]);
    expect(ids(await search(alice, { q: 'freckles sunset' }), 'audio')).toEqual([song]);
    expect(ids(await search(alice, { q: 'freckles sunset' }), 'faces')).toEqual([]);
    expect(ids(await search(alice, { q: 'lovelace lamarr' }), 'faces')).toEqual([adaFace]);
    expect(ids(await search(alice, { q: 'ÉLODIE' }), 'gen_video')).toEqual([video]);
    expect(ids(await search(alice, { q: '100%' }), 'images')).toEqual([percent]);
    expect(ids(await search(alice, { q: 'e_c' }), 'images')).toEqual([percent]);
    // Not wildcards: '%' matches only a percent sign, '_' only an underscore.
    expect(ids(await search(alice, { q: '%' }), 'images')).toEqual([percent]);
    const noneAnywhere = (page: Page) => GALLERY_GROUPS.every((g) => ids(page, g).length === 0);
    expect(noneAnywhere(await search(alice, { q: 'a_e' }))).toBe(true); // as a wildcard: lovel(ace), sn(ake)
    expect(noneAnywhere(await search(alice, { q: 'beach%sunset' }))).toBe(true);
    await t.app.close();
  });

  it('kinds answers only the groups asked; from/to are inclusive, as dates (whole UTC days) or date-times', async () => {
    const { t, alice, search } = await setUp();
    const day = (d: number, hh = '12:00:00.000') => `2026-03-${String(d).padStart(2, '0')}T${hh}Z`;
    const [first, dayStart, dayEnd, later, cloth] = await seedGallery(t.app.db, alice.userId, [
      { group: 'images', created_at: day(9, '23:59:59.999') },
      { group: 'images', created_at: day(10, '00:00:00.000') },
      { group: 'images', created_at: day(11, '23:59:59.999') },
      { group: 'images', created_at: day(12, '00:00:00.000') },
      { group: 'cloth', created_at: day(10) },
      { group: 'audio', created_at: day(10) },
    ]);
    const only = await search(alice, { kinds: ['cloth', 'images'] });
    expect(Object.keys(only).sort()).toEqual(['cloth', 'images']);
    expect(ids(only, 'images')).toEqual([later, dayEnd, dayStart, first]);
    expect(ids(only, 'cloth')).toEqual([cloth]);

    expect(ids(await search(alice, { kinds: ['images'], from: '2026-03-10', to: '2026-03-11' }), 'images')).toEqual([dayEnd, dayStart]);
    expect(ids(await search(alice, { kinds: ['images'], from: '2026-03-11' }), 'images')).toEqual([later, dayEnd]);
    expect(ids(await search(alice, { kinds: ['images'], to: '2026-03-09' }), 'images')).toEqual([first]);
    expect(ids(await search(alice, { kinds: ['images'], from: day(11, '23:59:59.999'), to: day(12, '00:00:00.000') }), 'images')).toEqual([later, dayEnd]);
    // An offset is honoured: 2026-03-10T05:30+05:30 is midnight UTC.
    expect(ids(await search(alice, { kinds: ['images'], from: '2026-03-10T05:30:00+05:30', to: '2026-03-10T05:30:00.000+05:30' }), 'images')).toEqual([dayStart]);
    await t.app.close();
  });

  it('limit and cursor walk every group to its end: no item twice, none missed, next_cursor absent at the end', async () => {
    const { t, alice, bob, search } = await setUp();
    // Uneven groups, several items at one instant (the id breaks the tie), and items without a file.
    const items: SeedItem[] = [
      ...Array.from({ length: 11 }, (_, i) => ({ group: 'faces' as const, created_at: at(i % 4), input: { prompt: `portrait ${i}` } })),
      ...Array.from({ length: 4 }, (_, i) => ({ group: 'images' as const, created_at: at(100 + i), input: { prompt: `portrait scene ${i}` } })),
      ...Array.from({ length: 7 }, (_, i) => ({ group: 'videos' as const, created_at: at(5), input: { prompt: `portrait clip ${i}` } })),
      { group: 'videos', created_at: at(6), input: { prompt: 'portrait, no file' }, storage_key: '' },
      { group: 'audio', created_at: at(7), input: { lyrics: 'A portrait in song' } },
      { group: 'audio', created_at: at(7), input: { lyrics: 'nothing to find' } },
      { group: 'cloth', created_at: at(8) },
    ];
    const seeded = await seedGallery(t.app.db, alice.userId, items);
    await seedGallery(t.app.db, bob.userId, items.slice(0, 12));
    // What a walk must give per group: the items with a file whose words hold "portrait", newest first, ties by id desc.
    const expected = (group: GalleryGroup) =>
      items.map((it, i) => ({ ...it, id: seeded[i]! }))
        .filter((it) => it.group === group && it.storage_key !== '' && searchTextOf(it.input).includes('portrait'))
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? 1 : -1))
        .map((it) => it.id);

    const kinds: GalleryGroup[] = ['faces', 'images', 'videos', 'audio'];
    const seen = Object.fromEntries(kinds.map((g) => [g, [] as string[]])) as Record<GalleryGroup, string[]>;
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await search(alice, { q: 'Portrait', kinds, limit: 3, ...(cursor ? { cursor } : {}) });
      pages += 1;
      expect(Object.keys(page).filter((k) => k !== 'next_cursor').sort()).toEqual([...kinds].sort());
      for (const g of kinds) {
        expect(page[g]!.length).toBeLessThanOrEqual(3);
        seen[g].push(...ids(page, g));
      }
      if (page.next_cursor !== undefined) expect(typeof page.next_cursor).toBe('string');
      cursor = page.next_cursor ?? undefined;
    } while (cursor && pages < 10);
    expect(pages).toBe(4); // 11 faces at 3 a page
    for (const g of kinds) expect(seen[g], g).toEqual(expected(g));
    expect(seen.faces).toHaveLength(11);
    expect(seen.videos).toHaveLength(7);
    expect(seen.audio).toHaveLength(1);

    // A limit that fits everything: one page, no cursor.
    const whole = await search(alice, { q: 'portrait', limit: 100 });
    expect(whole.next_cursor).toBeUndefined();
    expect(ids(whole, 'faces')).toEqual(expected('faces'));
    await t.app.close();
  });

  it('without search fields it answers as the spec says: every group, up to 500 each, newest first, no next_cursor', async () => {
    const { t, alice, post, search } = await setUp();
    const [older, newer] = await seedGallery(t.app.db, alice.userId, [
      { group: 'faces', created_at: at(1) },
      { group: 'faces', created_at: at(2) },
      { group: 'audio', created_at: at(3), storage_key: '' },
      ...Array.from({ length: 501 }, (_, i) => ({ group: 'cloth' as const, created_at: at(10 + i) })),
    ]);
    const plain = await search(alice, {});
    expect(Object.keys(plain).sort()).toEqual([...GALLERY_GROUPS].sort());
    expect(ids(plain, 'faces')).toEqual([newer, older]);
    expect(plain.faces![0]).toEqual({ id: newer, created_at: at(2), image_url: `/media/gen/${newer}.bin`, gender: 'female', face_prompt: 'soft light', job_id: null, character_id: null, ...NO_WORKSPACE });
    expect(plain.audio).toEqual([]);
    expect(plain.cloth).toHaveLength(500);
    expect(plain.cloth![0]).toEqual({ id: expect.any(String), created_at: at(510), gen_image_url: expect.stringMatching(/^\/media\/gen\//), job_id: null, character_id: null, ...NO_WORKSPACE });
    expect(plain.next_cursor).toBeUndefined();
    expect([...Value.Errors(GalleryResponse, plain)].map((e) => `${e.instancePath}: ${e.message}`)).toEqual([]);
    // As the page sends it: no user_id at all; JSON by its content type.
    const bare = await fetch(`${t.app.listeningOrigin}/api/gallery/`, { method: 'POST', headers: { 'content-type': 'application/json', 'security-key': SECURITY_KEY, authorization: `Bearer ${alice.access}` }, body: '{}' });
    expect([bare.status, bare.headers.get('content-type')]).toEqual([200, 'application/json; charset=utf-8']);
    expect(Object.keys((await bare.json()) as object).sort()).toEqual([...GALLERY_GROUPS].sort());
    await t.app.close();
  });

  it('answers 400 naming the field for a bad date, an unknown kind, a bad cursor or a limit out of range', async () => {
    const { t, alice, bob, post, search } = await setUp();
    await seedGallery(t.app.db, alice.userId, Array.from({ length: 3 }, (_, i) => ({ group: 'faces' as const, created_at: at(i) })));
    const bad = async (body: object, field: string, message: RegExp) => {
      const res = await post('/gallery/', { user_id: alice.userId, ...body }, alice.access);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json, JSON.stringify(body)).toMatchObject({ field, error: expect.stringMatching(message) });
    };
    await bad({ from: 'yesterday' }, 'from', /^from must be an ISO date/);
    await bad({ from: '2026-02-30' }, 'from', /ISO date/);
    await bad({ to: '2026-03-10T12:00:00' }, 'to', /offset/); // no offset: ambiguous
    await bad({ to: '2026-03-10T25:00:00Z' }, 'to', /ISO date/);
    await bad({ from: '2026-03-11', to: '2026-03-10' }, 'to', /^to must not be before from$/);
    await bad({ kinds: ['faces', 'imgTovideo'] }, 'kinds.1', /must be one of "faces", "images", "videos", "cloth", "audio", "gen_video"/);
    await bad({ kinds: [] }, 'kinds', /must NOT have fewer than 1 items/);
    await bad({ limit: 0 }, 'limit', /must be >= 1/);
    await bad({ limit: 101 }, 'limit', /must be <= 100/);
    await bad({ limit: 2.5 }, 'limit', /integer/);
    await bad({ cursor: 'not a cursor!' }, 'cursor', /^cursor is not a cursor this gallery gave$/);
    await bad({ cursor: Buffer.from('{"f":1}').toString('base64url') }, 'cursor', /not a cursor/);
    await bad({ cursor: Buffer.from('[1,2]').toString('base64url') }, 'cursor', /not a cursor/);
    await bad({ q: 'x'.repeat(201) }, 'q', /at most 200/);

    const first = await search(alice, { kinds: ['faces'], limit: 1 });
    const cursor = first.next_cursor!;
    expect(typeof cursor).toBe('string');
    await bad({ kinds: ['faces'], limit: 1, q: 'other', cursor }, 'cursor', /^cursor belongs to another search/);
    await bad({ kinds: ['faces', 'images'], limit: 1, cursor }, 'cursor', /another search/);
    // A cursor whose positions were tampered with (a group dropped) is refused, not half-used.
    const body = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { f: string; p: Record<string, unknown> };
    await bad({ kinds: ['faces'], cursor: Buffer.from(JSON.stringify({ f: body.f, p: {} })).toString('base64url') }, 'cursor', /not a cursor/);
    await bad({ kinds: ['faces'], cursor: Buffer.from(JSON.stringify({ f: body.f, p: { faces: [1, 2] } })).toString('base64url') }, 'cursor', /not a cursor/);
    // The limit may change between pages.
    expect(ids(await search(alice, { kinds: ['faces'], limit: 5, cursor }), 'faces')).toHaveLength(2);

    // Someone else's user_id is refused; their own cursor never reaches another user's items.
    expect((await post('/gallery/', { user_id: bob.userId, q: 'x' }, alice.access)).status).toBe(403);
    const bobs = await search(bob, { kinds: ['faces'], limit: 1, cursor });
    expect(bobs).toEqual({ faces: [] });
    expect((await post('/gallery/', { q: 'x' })).status).toBe(401);
    await t.app.close();
  });

  it('a face made from celebrities is found by their names (the runner stores its search text)', async () => {
    const { t, alice, bob, search } = await setUp();
    const made = await t.call(alice, '/api/generate_face_c/', { user_id: alice.userId, celebrity1: 'Ada Lovelace', celebrity2: 'Grace Hopper', celebrity3: 'Hedy Lamarr' });
    expect(made.statusCode, made.body).toBe(200);
    const found = await search(alice, { q: 'GRACE lamarr' });
    expect(found.faces).toHaveLength(1);
    expect(found.faces![0]).toMatchObject({ image_url: made.json().output });
    expect((await search(alice, { q: 'grace turing' })).faces).toEqual([]);
    expect((await search(bob, { q: 'grace' })).faces).toEqual([]);
    await t.app.close();
  }, 120_000);
});

describe.each(engines)('0010_gallery_search on %s', (engine) => {
  const database = useTestDatabase(engine, { migrate: false });

  it('backfills the search text of items made before it from their job input', async () => {
    const db = database.current.db;
    const schema = db.getExecutor().adapter instanceof PostgresAdapter ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
    const before = await migratingSafely(database.current, () => new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema }).migrateTo('0009_batches'));
    expect(before.error).toBeUndefined();
    const userId = newId();
    const now = at(0);
    await db.insertInto('users').values({ id: userId, email: `${userId}@example.com`, name: 'Old', password_hash: null, created_at: now, updated_at: now }).execute();
    const inputs = [
      { kind: 'face', gender: 'female', celebrities: ['Ada Lovelace', 'Grace Hopper', 'Hedy Lamarr'] },
      { kind: 'image', gender: 'female', face: { type: 'template', path: 'x' }, prompt: 'Sunset BEACH' },
      { kind: 'swapImage', gender: 'female', face: { type: 'template', path: 'x' }, target: { type: 'template', path: 'y' } },
    ];
    for (const [i, input] of inputs.entries()) {
      // As the jobs repository of that time wrote them (today's writes columns of later migrations).
      const job = { id: newId() };
      await db.insertInto('jobs').values({ id: job.id, user_id: userId, kind: input.kind as 'face', status: 'queued', input: JSON.stringify(input), engine: 'local', created_at: now, updated_at: now }).execute();
      await sql`insert into media_items (id, user_id, job_id, kind, gender, url, storage_key, mime, bytes, face_prompt, created_at)
        values (${`m${i}`}, ${userId}, ${job.id}, ${input.kind === 'face' ? 'face' : 'image'}, 'female', '/media/k', ${`gen/${i}`}, 'image/png', 1, null, ${now})`.execute(db);
    }
    expect(await migratingSafely(database.current, () => migrateToLatest(db))).toContain('0010_gallery_search');
    const rows = await db.selectFrom('media_items').select(['id', 'search_text']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'm0', search_text: 'ada lovelace\ngrace hopper\nhedy lamarr' },
      { id: 'm1', search_text: 'sunset beach' },
      { id: 'm2', search_text: '' },
    ]);
    // The search finds a face made before 0010 by a name from its job's input.
    expect((await galleryRepository(db).pages(userId, [{ kind: 'face' }], { words: ['hopper'], limit: 10 }))[0]!.map((r) => r.id)).toEqual(['m0']);
  });
});
