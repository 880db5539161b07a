// Characters (issue 44): the persona a creator runs, as one object (a face, a voice, a style) over
// the characters repository. Its use cases: list, read, create, change and delete (the outputs kept
// untagged or deleted with it), the portrait and voice-sample uploads (checked by content, with the
// consent recorded as the studio's uploads are), the preset voices' "Hear it" preview (espeak-ng,
// cached), moving a gallery item to a character, and what a studio call takes from a character.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  CHARACTER_MESSAGES, CHARACTERS_MAX, defaultVoicePreset, VOICE_PRESETS, VOICE_PREVIEW_TEXT, VOICE_SAMPLE_SECONDS, voicePreset,
  type Character, type CharacterGender, type CharacterList, type CharacterUpload, type CreateCharacterBody, type UpdateCharacterBody, type VoiceInput, type VoicePreviewBody,
} from '../../../contract/characters.ts';
import { GALLERY_GROUPS, STUDIO_MESSAGES } from '../../../contract/studio.ts';
import type { Db } from '../db/index.ts';
import { charactersRepository, nameKeyOf, type CharacterChanges, type CharacterRow } from '../db/repositories/characters.ts';
import { galleryRepository, type CharacterActivity } from '../db/repositories/gallery.ts';
import { consentsRepository } from '../db/repositories/consents.ts';
import { userFilesRepository } from '../db/repositories/user-files.ts';
import { KIND_OF } from '../gallery/service.ts';
import { HttpError } from '../http-error.ts';
import { run } from '../media/ffmpeg.ts';
import { sha256File } from '../media/sha256.ts';
import type { MediaStorage } from '../storage/types.ts';
import type { UserFiles } from '../storage/user-files.ts';
import { checkAudioUpload, checkImageUpload, sizeLabel } from '../uploads/checks.ts';
import { isoAt } from '../time.ts';

/** The call a character upload's consent is recorded on. */
export const CHARACTER_UPLOADS_CALL = '/api/characters/uploads';
/** A portrait may hold at most this many pixels (as a garment photo). */
const MAX_PORTRAIT_PIXELS = 40_000_000;
/** "Hear it" previews kept in memory (a few KB each: a short line at 22 kHz). */
const PREVIEW_CACHE_ENTRIES = 64;

/** What a studio call takes from its character (jobs record `id`). */
export interface CharacterForCall {
  id: string;
  gender: CharacterGender;
  /** The face: fills a call's missing face. */
  face: { type: 'stored'; key: string; gender: CharacterGender };
  style: string;
  /** The espeak-ng voice that speaks typed text (the preset's, never a client's text). */
  speech: { voice: string; pitch: number; speed: number };
  /** The uploaded voice sample: the talking character's audio when none is given. */
  sample: { type: 'stored'; key: string } | null;
}

/** A character upload as the route read it: a temporary file, not yet checked. */
export interface CharacterUploadFile {
  field: 'portrait' | 'voice_sample';
  file: string;
  bytes: number;
  /** Cut at the size limit: too large. */
  truncated: boolean;
}

export interface CharacterDeps {
  db: Db;
  storage: Pick<MediaStorage, 'url' | 'keyOf' | 'delete'>;
  files: Pick<UserFiles, 'put' | 'discard'>;
  generation: { uploadMaxBytes: number; audioMaxBytes: number; ffprobePath: string; espeakPath: string };
  log: FastifyBaseLogger;
  now: () => number;
}

const notFound = () => new HttpError(404, CHARACTER_MESSAGES.notFound);

export function characterService(deps: CharacterDeps) {
  const { db, storage, files, generation, log } = deps;
  const repo = charactersRepository(db);
  const userFiles = userFilesRepository(db);
  // Counts and last activity from the gallery kept in memory: the same items the gallery answers.
  const gallery = galleryRepository(db);
  const previews = new Map<string, Buffer>();

  function viewOf(row: CharacterRow, activity: readonly CharacterActivity[]): Character {
    const mine = activity.filter((a) => a.character_id === row.id);
    const counts = Object.fromEntries(GALLERY_GROUPS.map((g) => [g, mine.find((a) => a.kind === KIND_OF[g])?.count ?? 0])) as Character['counts'];
    const newest = mine.reduce<string | null>((at, a) => (at === null || a.last > at ? a.last : at), null);
    return {
      id: row.id,
      name: row.name,
      gender: row.gender,
      face_url: storage.url(row.face_key),
      bio: row.bio,
      style: row.style,
      voice: row.voice_type === 'sample' && row.voice_sample_key
        ? { type: 'sample', sample_url: storage.url(row.voice_sample_key), seconds: row.voice_sample_seconds ?? 0 }
        : { type: 'preset', preset: row.voice_preset, pitch: row.voice_pitch, speed: row.voice_speed },
      counts,
      last_activity_at: newest ?? row.updated_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  async function view(userId: string, row: CharacterRow): Promise<Character> {
    return viewOf(row, await gallery.characterActivity(userId));
  }

  async function own(userId: string, id: string): Promise<CharacterRow> {
    const row = await repo.ofUserById(userId, id);
    if (!row) throw notFound();
    return row;
  }

  /** A character's face: one of the user's gallery faces or images, or their portrait upload; else 400. */
  async function faceOf(userId: string, url: string): Promise<Pick<CharacterRow, 'face_key' | 'face_media_id'>> {
    const key = url.trim() ? storage.keyOf(url.trim()) : null;
    if (key) {
      const item = await repo.mediaByKey(userId, key, ['face', 'image']);
      if (item) return { face_key: key, face_media_id: item.id };
      if (await userFiles.ownedFile(userId, 'portrait', key)) return { face_key: key, face_media_id: null };
    }
    throw new HttpError(400, CHARACTER_MESSAGES.face, 'face_url');
  }

  /** The voice columns for `input` (or, without one, what `current` had, made to fit `gender`). */
  async function voiceOf(userId: string, gender: CharacterGender, input: VoiceInput | undefined, current?: CharacterRow): Promise<Pick<CharacterRow, 'voice_type' | 'voice_preset' | 'voice_pitch' | 'voice_speed' | 'voice_sample_key' | 'voice_sample_seconds'>> {
    const presetFor = (id: string) => {
      const preset = voicePreset(id);
      if (!preset || preset.gender !== gender) throw new HttpError(400, CHARACTER_MESSAGES.voiceGender, 'voice');
      return preset;
    };
    if (input?.type === 'preset') {
      const preset = presetFor(input.preset);
      return { voice_type: 'preset', voice_preset: preset.id, voice_pitch: input.pitch ?? preset.pitch, voice_speed: input.speed ?? preset.speed, voice_sample_key: null, voice_sample_seconds: null };
    }
    // Typed text still needs a voice: a sample keeps (or gets) a preset of the character's gender.
    const fallback = current && voicePreset(current.voice_preset)?.gender === gender ? { voice_preset: current.voice_preset, voice_pitch: current.voice_pitch, voice_speed: current.voice_speed } : presetColumns(defaultVoicePreset(gender));
    if (input?.type === 'sample') {
      const key = storage.keyOf(input.sample_url.trim());
      const file = key ? await userFiles.ownedFile(userId, 'voice_sample', key) : undefined;
      if (!key || !file) throw new HttpError(400, CHARACTER_MESSAGES.voiceSample, 'voice');
      return { voice_type: 'sample', ...fallback, voice_sample_key: key, voice_sample_seconds: file.seconds };
    }
    if (!current) return { voice_type: 'preset', ...presetColumns(defaultVoicePreset(gender)), voice_sample_key: null, voice_sample_seconds: null };
    if (current.voice_type === 'preset' && voicePreset(current.voice_preset)?.gender !== gender) throw new HttpError(400, CHARACTER_MESSAGES.voiceGender, 'voice');
    return { voice_type: current.voice_type, ...fallback, voice_sample_key: current.voice_sample_key, voice_sample_seconds: current.voice_sample_seconds };
  }

  /** The name trimmed; 400 when nothing is left. */
  function nameOf(name: string): string {
    const trimmed = name.trim();
    if (!trimmed) throw new HttpError(400, 'Please enter a name.', 'name');
    return trimmed;
  }

  /** Runs espeak-ng into a WAV and answers its bytes; the text follows `--` (never read as an option). */
  async function speakToWav(speech: CharacterForCall['speech'], text: string): Promise<Buffer> {
    const dir = await mkdtemp(join(tmpdir(), 'persona-voice-'));
    try {
      const out = join(dir, 'preview.wav');
      await run(generation.espeakPath, ['-v', speech.voice, '-p', String(speech.pitch), '-s', String(speech.speed), '-w', out, '--', text]);
      return await readFile(out);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    /** The user's characters, last activity first, and the preset voices. */
    async list(userId: string): Promise<CharacterList> {
      const [rows, activity] = await Promise.all([repo.ofUser(userId), gallery.characterActivity(userId)]);
      const characters = rows.map((row) => viewOf(row, activity)).sort((a, b) => (a.last_activity_at === b.last_activity_at ? 0 : a.last_activity_at < b.last_activity_at ? 1 : -1));
      return { characters, voices: VOICE_PRESETS.map(({ id, gender, label, pitch, speed }) => ({ id, gender, label, pitch, speed })) };
    },

    async get(userId: string, id: string): Promise<Character> {
      return view(userId, await own(userId, id));
    },

    /** 400 naming the field, 409 for a name the user has or past CHARACTERS_MAX. */
    async create(userId: string, body: CreateCharacterBody): Promise<Character> {
      const name = nameOf(body.name);
      if ((await repo.countOf(userId)) >= CHARACTERS_MAX) throw new HttpError(409, CHARACTER_MESSAGES.tooMany);
      const face = await faceOf(userId, body.face_url);
      const voice = await voiceOf(userId, body.gender, body.voice);
      const now = isoAt(deps.now());
      const row = await repo.create({
        user_id: userId, name, name_key: nameKeyOf(name), gender: body.gender, ...face, bio: body.bio?.trim() ?? '', style: body.style?.trim() ?? '', ...voice, created_at: now, updated_at: now,
      });
      if (!row) throw new HttpError(409, CHARACTER_MESSAGES.nameTaken, 'name');
      return viewOf(row, []);
    },

    /** Only the fields sent change; a gender change needs a voice of the new gender (or a sample). */
    async update(userId: string, id: string, body: UpdateCharacterBody): Promise<Character> {
      const current = await own(userId, id);
      const gender = body.gender ?? current.gender;
      const changes: CharacterChanges = { updated_at: isoAt(deps.now()) };
      if (body.name !== undefined) {
        changes.name = nameOf(body.name);
        changes.name_key = nameKeyOf(changes.name);
      }
      if (body.gender !== undefined) changes.gender = body.gender;
      if (body.face_url !== undefined) Object.assign(changes, await faceOf(userId, body.face_url));
      if (body.bio !== undefined) changes.bio = body.bio.trim();
      if (body.style !== undefined) changes.style = body.style.trim();
      if (body.voice !== undefined || body.gender !== undefined) Object.assign(changes, await voiceOf(userId, gender, body.voice, current));
      const row = await repo.update(userId, id, changes);
      if (row === 'taken') throw new HttpError(409, CHARACTER_MESSAGES.nameTaken, 'name');
      if (!row) throw notFound();
      return view(userId, row);
    },

    /**
     * Deletes the user's character. Its gallery items stay with no character, or (deleteOutputs) go
     * with their stored files; its portrait and voice sample go with the sweep once nothing reads them.
     */
    async remove(userId: string, id: string, deleteOutputs: boolean): Promise<void> {
      const removed = await db.transaction().execute((trx) => charactersRepository(trx).delete(userId, id, deleteOutputs));
      if (!removed) throw notFound();
      for (const key of removed.outputKeys) {
        await storage.delete(key).catch((err: unknown) => log.error({ err, storage_key: key }, 'could not delete a character output'));
      }
    },

    /**
     * A portrait (PNG, JPEG or WEBP by its bytes) or voice sample (WAV or MP3 by its bytes, 1-60 s
     * decoded) for a character, with the consent box ticked: stored as the user's upload and the
     * consent recorded. Every check comes first, so a refusal stores nothing.
     */
    async upload(userId: string, upload: CharacterUploadFile, consent: unknown): Promise<CharacterUpload> {
      const { field, file } = upload;
      let checked: { ext: string; mime: string; seconds: number | null };
      if (field === 'portrait') {
        const limit = generation.uploadMaxBytes;
        if (upload.truncated || upload.bytes > limit) throw new HttpError(413, `Portrait is too large (max ${sizeLabel(limit)}).`, field);
        const image = await checkImageUpload(await readFile(file), { maxBytes: limit, maxPixels: MAX_PORTRAIT_PIXELS, label: 'Portrait', field });
        checked = { ext: image.ext, mime: image.mime, seconds: null };
      } else {
        const limit = generation.audioMaxBytes;
        if (upload.truncated || upload.bytes > limit) throw new HttpError(413, `Voice sample is too large (max ${sizeLabel(limit)}).`, field);
        const audio = await checkAudioUpload(file, { maxBytes: limit, ffprobePath: generation.ffprobePath, minSeconds: 0, label: 'Voice sample', field });
        if (audio.durationS < VOICE_SAMPLE_SECONDS.min) throw new HttpError(400, CHARACTER_MESSAGES.sampleTooShort, field);
        if (audio.durationS > VOICE_SAMPLE_SECONDS.max) throw new HttpError(400, CHARACTER_MESSAGES.sampleTooLong, field);
        checked = { ext: audio.ext, mime: audio.mime, seconds: Math.round(audio.durationS * 100) / 100 };
      }
      if (consent !== true && consent !== 'true') throw new HttpError(400, STUDIO_MESSAGES.consent, 'consent');
      const now = isoAt(deps.now());
      const key = await files.put(userId, field, file, checked.ext, checked.mime, now, checked.seconds);
      try {
        await consentsRepository(db).record({ user_id: userId, call: CHARACTER_UPLOADS_CALL, field, link_url: null, storage_key: key, sha256: await sha256File(file), created_at: now });
      } catch (err) {
        await files.discard([key]);
        throw err;
      }
      return { url: storage.url(key), kind: field, seconds: checked.seconds };
    },

    /** A preset voice speaking a short line, as WAV bytes; the same preview is made once and kept. */
    async voicePreview(body: VoicePreviewBody): Promise<Buffer> {
      const preset = voicePreset(body.preset)!;
      const speech = { voice: preset.espeak, pitch: body.pitch ?? preset.pitch, speed: body.speed ?? preset.speed };
      const text = body.text?.trim() || VOICE_PREVIEW_TEXT;
      const cacheKey = JSON.stringify([speech.voice, speech.pitch, speech.speed, text]);
      const held = previews.get(cacheKey);
      if (held) {
        previews.delete(cacheKey);
        previews.set(cacheKey, held); // now the most recently used
        return held;
      }
      const wav = await speakToWav(speech, text);
      previews.set(cacheKey, wav);
      if (previews.size > PREVIEW_CACHE_ENTRIES) previews.delete(previews.keys().next().value!);
      return wav;
    },

    /** The user's character a studio call names, as the call uses it; 404 for another user's or an unknown one. */
    async forCall(userId: string, id: string): Promise<CharacterForCall> {
      const row = await own(userId, id);
      const preset = voicePreset(row.voice_preset) ?? defaultVoicePreset(row.gender);
      return {
        id: row.id,
        gender: row.gender,
        face: { type: 'stored', key: row.face_key, gender: row.gender },
        style: row.style,
        speech: { voice: preset.espeak, pitch: row.voice_pitch, speed: row.voice_speed },
        sample: row.voice_type === 'sample' && row.voice_sample_key ? { type: 'stored', key: row.voice_sample_key } : null,
      };
    },

    /** True when `id` is one of the user's characters (the gallery's filter). */
    async exists(userId: string, id: string): Promise<boolean> {
      return (await repo.ofUserById(userId, id)) !== undefined;
    },
  };
}

const presetColumns = (preset: { id: string; pitch: number; speed: number }) => ({ voice_preset: preset.id, voice_pitch: preset.pitch, voice_speed: preset.speed });

export type CharacterService = ReturnType<typeof characterService>;
