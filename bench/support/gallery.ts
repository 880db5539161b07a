// bench:api's gallery: 10,000 items for the signed-in user and 10,000 for another account, written
// straight into the server's SQLite file, and the searches measured over them.
import { DEFAULT_CLIENT_SECRET, securityKeyFor } from '../../server/src/config/index.ts';
import { createDatabase } from '../../server/src/db/index.ts';
import { newId } from '../../server/src/db/util.ts';
import '../../server/src/db/characters-schema.ts';
import { GALLERY_GROUPS, type GalleryBody } from '../../contract/studio.ts';
import { seededRandom, seedGallery, type SeedItem } from '../../tests/server/support/gallery.ts';

export const GALLERY_ITEMS = Number(process.env.BENCH_GALLERY_ITEMS ?? 10_000);

const WORDS = (
  'sunset beach portrait freckles auburn studio neon rain city night forest golden hour smile ' +
  'denim leather silk vintage retro minimal pastel moody cinematic soft light window mirror ' +
  'street cafe rooftop garden desert snow mountain lake ocean bridge market subway museum'
).split(' ');
const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Hedy Lamarr', 'Marie Curie', 'Frida Kahlo', 'Audrey Hepburn', 'Nina Simone', 'Serena Williams'];
const DAY = 86_400_000;
const NOW = Date.now();

/** Characters of the measured user (issue 44): its items are spread over them and none. */
export const CHARACTERS = 5;

function items(seed: number, characterIds: readonly string[] = []): SeedItem[] {
  const next = seededRandom(seed);
  const characters = [...characterIds, null];
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: GALLERY_ITEMS }, () => {
    const group = pick(GALLERY_GROUPS);
    const words = Array.from({ length: 8 }, () => pick(WORDS)).join(' ');
    const input = group === 'faces' && next() < 0.5 ? { celebrities: [pick(NAMES), pick(NAMES), pick(NAMES)] } : group === 'audio' ? { lyrics: words } : { prompt: words };
    return { group, input, created_at: new Date(NOW - Math.floor(next() * 365 * DAY)).toISOString(), character_id: pick(characters) };
  });
}

/** Seeds `userId`'s gallery (spread over CHARACTERS characters and none) and another user's, GALLERY_ITEMS each; answers the characters' ids. */
export async function seedGalleries(dataDir: string, userId: string): Promise<string[]> {
  const { db, destroy } = createDatabase({ databaseUrl: null, dataDir });
  try {
    const other = newId();
    const now = new Date(NOW).toISOString();
    await db.insertInto('users').values({ id: other, email: `${other}@example.com`, name: 'Other', password_hash: null, created_at: now, updated_at: now }).execute();
    const characters = Array.from({ length: CHARACTERS }, (_, i) => ({
      id: newId(), user_id: userId, name: `Persona ${i}`, name_key: `persona ${i}`, gender: 'female' as const, face_key: `gen/face-${i}.png`, face_media_id: null, bio: '', style: 'soft light',
      voice_type: 'preset' as const, voice_preset: 'female-warm', voice_pitch: 50, voice_speed: 160, voice_sample_key: null, voice_sample_seconds: null, created_at: now, updated_at: now,
    }));
    await db.insertInto('characters').values(characters).execute();
    await seedGallery(db, userId, items(1, characters.map((c) => c.id)));
    await seedGallery(db, other, items(2));
    return characters.map((c) => c.id);
  } finally {
    await destroy();
  }
}

/**
 * The search's time when the user's gallery has just changed (each API process keeps galleries in
 * memory and loads one again after any write to it): `times` rounds of one new item written
 * straight into the database, then `request` timed; answers the times in ms, sorted.
 */
export async function timesAfterNewItems(dataDir: string, userId: string, request: () => Promise<void>, times = 20): Promise<number[]> {
  const { db, destroy } = createDatabase({ databaseUrl: null, dataDir });
  const taken: number[] = [];
  try {
    for (let i = 0; i < times; i++) {
      await seedGallery(db, userId, [{ group: 'images', input: { prompt: `sunset portrait ${i}` }, created_at: new Date().toISOString() }]);
      const started = performance.now();
      await request();
      taken.push(performance.now() - started);
    }
  } finally {
    await destroy();
  }
  return taken.sort((a, b) => a - b);
}

/** POST /gallery/ as the page sends it: bearer token and security key. */
export const galleryRequest = (access: string, body: GalleryBody): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${access}`, 'security-key': securityKeyFor(DEFAULT_CLIENT_SECRET) },
  body: JSON.stringify(body),
});

/**
 * The searches measured: a word pair over every group (few items hold both: each group is read
 * through), a name only faces hold (the other five groups have none), then a narrower one by
 * kind and month, then its next page.
 */
export async function gallerySearches(apiUrl: string, access: string): Promise<{ name: string; body: GalleryBody }[]> {
  const month = { from: new Date(NOW - 60 * DAY).toISOString().slice(0, 10), to: new Date(NOW - 30 * DAY).toISOString().slice(0, 10) };
  const narrow: GalleryBody = { q: 'sunset', kinds: ['faces', 'images', 'videos'], ...month, limit: 10 };
  const res = await fetch(`${apiUrl}/gallery/`, galleryRequest(access, narrow));
  if (!res.ok) throw new Error(`gallery answered ${res.status}: ${await res.text()}`);
  const { next_cursor: cursor } = (await res.json()) as { next_cursor?: string };
  if (!cursor) throw new Error('the narrow search has no second page: seed more items');
  return [
    { name: '2 words, 6 groups x 50', body: { q: 'sunset portrait', limit: 50 } },
    { name: 'a name, 6 groups x 50', body: { q: 'hopper', limit: 50 } },
    { name: '1 word, 3 kinds, a month', body: narrow },
    { name: 'its next page (cursor)', body: { ...narrow, cursor } },
  ];
}
