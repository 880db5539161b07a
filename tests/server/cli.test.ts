// The CLI (bin/persona.mjs) as a user runs it: a child process with PERSONA_URL and
// PERSONA_API_KEY against a real server listening on a port, a real face made by the local engine.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storedPicture } from './support/characters.ts';
import { useTestDatabase } from './support/db.ts';
import { studioApp, type StudioApp } from './support/studio.ts';

const BIN = join(process.cwd(), 'bin', 'persona.mjs');

function persona(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, ...env }, timeout: 240_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

/** The CLI's settings for `u`: the listening server's address and a key made for it. */
async function cliEnv(t: StudioApp, address: string, u: { access: string }): Promise<Record<string, string>> {
  const made = await t.app.inject({ method: 'POST', url: '/api/keys', payload: { name: 'cli' }, headers: { authorization: `Bearer ${u.access}` } });
  return { PERSONA_URL: address, PERSONA_API_KEY: made.json().key as string };
}

describe('persona CLI against a running server', () => {
  const database = useTestDatabase('sqlite');
  let t: StudioApp | undefined;
  afterEach(async () => t?.app.close());

  it('usage errors exit 2; face --wait --out prints the URL and downloads the image; jobs, cancel, wait and batch work with a key', async () => {
    t = await studioApp(database.current);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const u = await t.user('cli@example.com');
    const env = await cliEnv(t, address, u);

    expect((await persona([], env)).code).toBe(2);
    expect((await persona(['face'], env)).code).toBe(2);
    expect((await persona(['face', '--prompt', 'x', '--gender', 'other'], env)).code).toBe(2);
    expect((await persona(['face', '--celebrities', 'a,b'], env)).code).toBe(2);
    expect((await persona(['frobnicate'], env)).code).toBe(2);
    expect((await persona(['jobs'], { PERSONA_URL: address })).code).toBe(2);
    const refused = await persona(['jobs'], { ...env, PERSONA_API_KEY: 'psk_revoked' });
    expect([refused.code, refused.stderr.trim()]).toEqual([1, 'Authentication required.']);

    const out = mkdtempSync(join(tmpdir(), 'persona-cli-'));
    const face = await persona(['face', '--prompt', 'a woman with red hair and freckles', '--out', out], env);
    expect(face.code, face.stderr).toBe(0);
    const url = face.stdout.trim();
    expect(url).toMatch(new RegExp(`^${address}/media/`));
    expect(face.stderr).toMatch(/succeeded 100%/);
    const files = readdirSync(out);
    expect(files).toHaveLength(1);
    const bytes = readFileSync(join(out, files[0]!));
    const served = await fetch(url);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    expect(bytes.subarray(0, 4).toString('hex')).toMatch(/^(89504e47|ffd8ff)/);

    // An image of that face, by the male image call.
    const image = await persona(['image', '--face-url', url, '--prompt', 'on a beach at sunset', '--gender', 'male', '--wait'], env);
    expect(image.code, image.stderr).toBe(0);
    expect(image.stdout.trim()).toMatch(new RegExp(`^${address}/media/`));

    const jobs = await persona(['jobs'], env);
    expect(jobs.code).toBe(0);
    expect(jobs.stdout).toContain(url);

    // A job started without --wait prints its id; cancel answers its status.
    const started = await persona(['face', '--celebrities', 'Ada Lovelace,Grace Hopper,Hedy Lamarr', '--gender', 'male'], env);
    expect(started.code, started.stderr).toBe(0);
    const jobId = started.stdout.trim();
    const canceled = await persona(['cancel', jobId], env);
    expect(canceled.code, canceled.stderr).toBe(0);
    expect(canceled.stdout).toMatch(new RegExp(`^${jobId} (canceled|running|succeeded)`));
    // wait on a job canceled while queued exits 1 and prints no URL.
    const queued = await t.app.inject({ method: 'POST', url: '/api/generate-face-prompt/', payload: { prompt: 'blue eyes' }, headers: { authorization: `Bearer ${env.PERSONA_API_KEY}`, prefer: 'respond-async' } });
    const queuedId = queued.json().job_id as string;
    await t.app.inject({ method: 'POST', url: `/api/jobs/${queuedId}/cancel`, headers: { authorization: `Bearer ${env.PERSONA_API_KEY}` } });
    const waited = await persona(['wait', queuedId], env);
    expect([waited.code, waited.stdout]).toEqual([1, '']);
    expect(waited.stderr).toContain('canceled');
    expect((await persona(['cancel', 'no-such-job'], env)).code).toBe(1);

    const lines = join(out, 'items.jsonl');
    writeFileSync(lines, `${JSON.stringify({ prompt: 'green eyes' })}\n`);
    const batch = await persona(['batch', lines, '--call', '/generate-face-prompt/'], env);
    expect(batch.code, batch.stderr).toBe(0);
    expect(batch.stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);
    expect((await persona(['batch', join(out, 'missing.jsonl'), '--call', '/generate-face-prompt/'], env)).code).toBe(2);
  }, 300_000);

  it('characters: create, list, --character NAME on generation commands (its face, its id on the job), delete', async () => {
    t = await studioApp(database.current, { RUN_JOBS: 'false' });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const u = await t.user('cli-characters@example.com');
    const env = await cliEnv(t, address, u);
    const face = await storedPicture(t, u, 'face', mkdtempSync(join(tmpdir(), 'persona-cli-')));

    const created = await persona(['characters', 'create', '--name', 'Mia Rose', '--face-url', face.url, '--style', 'film grain', '--voice', 'female-calm'], env);
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.trim();
    expect((await persona(['characters', 'create', '--name', 'mia rose', '--face-url', face.url], env))).toMatchObject({ code: 1, stderr: 'You already have a character with this name.\n' });
    const listed = await persona(['characters'], env);
    expect(listed.stdout).toBe(`${id}\tMia Rose\tfemale\tfemale-calm p40 s145\tfaces=0 images=0 videos=0 cloth=0 audio=0 gen_video=0\n`);

    const jobOf = async (out: string) => t!.app.db.selectFrom('jobs').select(['input', 'character_id']).where('id', '=', out.trim()).executeTakeFirstOrThrow();
    const faceJob = await persona(['face', '--prompt', 'freckles', '--character', ' MIA ROSE ', '--use-style'], env);
    expect(faceJob.code, faceJob.stderr).toBe(0);
    let job = await jobOf(faceJob.stdout);
    expect([job.character_id, JSON.parse(job.input).prompt]).toEqual([id, 'freckles, film grain']);
    const imageJob = await persona(['image', '--prompt', 'on a beach', '--character', 'Mia Rose'], env);
    expect(imageJob.code, imageJob.stderr).toBe(0);
    job = await jobOf(imageJob.stdout);
    expect([job.character_id, JSON.parse(job.input).face.key]).toEqual([id, face.key]);
    expect(await persona(['image', '--prompt', 'x', '--character', 'Nobody'], env)).toMatchObject({ code: 1, stderr: 'No character named "Nobody".\n' });
    expect((await persona(['face', '--prompt', 'x', '--use-style'], env)).code).toBe(2);
    expect((await persona(['image', '--prompt', 'x'], env)).code).toBe(2);

    const deleted = await persona(['characters', 'delete', 'Mia Rose', '--delete-outputs'], env);
    expect([deleted.code, deleted.stdout]).toEqual([0, `${id} deleted\n`]);
    expect((await persona(['characters'], env)).stdout).toBe('');
  }, 120_000);

  it('media: an item\'s details, many favourites, many deleted (all or nothing)', async () => {
    t = await studioApp(database.current, { RUN_JOBS: 'false' });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const u = await t.user('cli-media@example.com');
    const env = await cliEnv(t, address, u);
    const dir = mkdtempSync(join(tmpdir(), 'persona-cli-'));
    const [a, b] = [await storedPicture(t, u, 'image', dir), await storedPicture(t, u, 'image', dir)];

    const shown = await persona(['media', a.id], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ group: 'images', item: { id: a.id }, ai_mark: { c2pa: false } });
    expect(await persona(['media', 'favourite', a.id, b.id], env)).toMatchObject({ code: 0, stdout: '2 marked favourite\n' });
    expect(await persona(['media', 'favourite', b.id, '--off'], env)).toMatchObject({ code: 0, stdout: '1 unmarked\n' });
    const favourites = (await t.call(u, '/api/gallery/', { favourites: true })).json().images as { id: string }[];
    expect(favourites.map((i) => i.id)).toEqual([a.id]);
    expect(await persona(['media', 'delete', a.id, 'not-mine'], env)).toMatchObject({ code: 1, stderr: 'Some of these items were not found; nothing was changed.\n' });
    expect(await persona(['media', 'delete', a.id, b.id], env)).toMatchObject({ code: 0, stdout: '2 deleted\n' });
    expect((await persona(['media', 'delete'], env)).code).toBe(2);
  }, 120_000);
});
