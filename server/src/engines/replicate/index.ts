// The replicate engine: each capability is one hosted model (models.json, or the file
// REPLICATE_MODELS_PATH names) whose input template is filled with ours: files up to 1 MB as data
// URIs (Replicate recommends them only below that), larger ones through the files API (deleted
// again once the prediction is over, however it ended), texts as text. A model is 'owner/name' (an
// official model) or 'owner/name:<version>' / a `version` field (a community model, run at that
// version). The client (client.ts) runs the prediction; the first output file is copied into the
// job's folder and judged by its bytes, never by what the model says it is.
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { talkingTrack } from '../local/talking-audio.ts';
import type { FileClass } from '../../media/magic.ts';
import { expectMedia } from '../remote/output.ts';
import { fillPlaceholders } from '../remote/placeholders.ts';
import { faceWords } from '../remote/words.ts';
import type { Capability, ClothCategory, Engine, EngineContext, EngineFile, FaceResult } from '../types.ts';
import { MODEL_NAME, outputUrls, replicateClient, VERSION_ID, type ModelRef, type ReplicateClient, type ReplicateOptions, type UploadedFile } from './client.ts';
import { checkModels } from './preflight.ts';

export interface ModelSpec extends ModelRef {
  input: Record<string, unknown>;
}
export type ModelSpecs = Partial<Record<Capability, ModelSpec>>;

/** A value for a '{{name}}' placeholder: text, or a local file sent as a data URI. */
type Value = string | number | { file: string };

const MIME_BY_EXT: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.mp4': 'video/mp4', '.mp3': 'audio/mpeg', '.wav': 'audio/wav' };

/** Replicate's names for our cloth categories (IDM-VTON's). */
const CATEGORY: Record<ClothCategory, string> = { tops: 'upper_body', bottoms: 'lower_body', 'one-pieces': 'dresses' };

/** Files up to this size go inline as data URIs (Replicate's recommendation: under 1 MB). */
export const MAX_DATA_URI_BYTES = 1024 * 1024;
/** The files API takes files up to 100 MB. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** 'owner/name', 'owner/name:<version>' or a `version` field, checked; an error names the entry. */
function modelRef(where: string, model: unknown, version: unknown): ModelRef {
  if (typeof model !== 'string') throw new Error(`${where} needs a model ('owner/name' or 'owner/name:<version>')`);
  const [name, inline] = model.split(':', 2) as [string, string | undefined];
  if (!MODEL_NAME.test(name)) throw new Error(`${where}: ${model} is not 'owner/name' or 'owner/name:<version>'`);
  if (inline !== undefined && version !== undefined && inline !== version) throw new Error(`${where}: the model names version ${inline} and the version field ${String(version)}`);
  const id = inline ?? version ?? null;
  if (id !== null && (typeof id !== 'string' || !VERSION_ID.test(id))) throw new Error(`${where}: a version is 64 hexadecimal characters (got ${String(id)})`);
  return { model: name, version: id };
}

/** The capabilities' models from a JSON file (read once, when the engines are made). */
export function readModelSpecs(path: string): ModelSpecs {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const specs: ModelSpecs = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key.startsWith('_')) continue;
    const spec = value as { model?: unknown; version?: unknown; input?: unknown } | null;
    if (!spec?.input || typeof spec.input !== 'object') throw new Error(`${path}: ${key} needs a model and an input object`);
    specs[key as Capability] = { ...modelRef(`${path}: ${key}`, spec.model, spec.version), input: spec.input as Record<string, unknown> };
  }
  return specs;
}

const mimeOf = (file: string) => MIME_BY_EXT[extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * The template with every '{{name}}' filled: texts as text, files up to MAX_DATA_URI_BYTES as data
 * URIs, larger ones by `upload` (the files API), each file once.
 */
export function fillInput(template: unknown, values: Record<string, Value>, upload?: (file: string, mime: string) => Promise<string>): Promise<unknown> {
  const sent = new Map<string, Promise<string>>();
  const send = async (file: string) => {
    const { size } = await stat(file);
    if (size <= MAX_DATA_URI_BYTES || !upload) return `data:${mimeOf(file)};base64,${(await readFile(file)).toString('base64')}`;
    if (size > MAX_UPLOAD_BYTES) throw new Error(`A ${Math.ceil(size / 1024 / 1024)} MB input is over the 100 MB Replicate's files API takes`);
    return upload(file, mimeOf(file));
  };
  return fillPlaceholders(template, (name) => {
    const value = values[name];
    if (value === undefined || typeof value !== 'object') return value;
    if (!sent.has(value.file)) sent.set(value.file, send(value.file));
    return sent.get(value.file);
  }, 'The model input');
}

export function replicateEngine(options: ReplicateOptions & { specs: ModelSpecs }): Engine {
  const client: ReplicateClient = replicateClient(options);

  async function run(capability: Capability, values: Record<string, Value>, ctx: EngineContext, expect: FileClass): Promise<EngineFile> {
    const spec = options.specs[capability];
    if (!spec) throw new Error(`No Replicate model is configured for ${capability}`);
    const uploaded: Promise<UploadedFile>[] = [];
    try {
      const input = (await fillInput(spec.input, values, async (file, mime) => {
        const upload = client.upload(file, mime, ctx.signal);
        uploaded.push(upload);
        return (await upload).url;
      })) as Record<string, unknown>;
      const prediction = await client.run(spec, input, ctx.signal, (p) => ctx.progress(p));
      const [url] = outputUrls(prediction.output);
      const path = await client.download(url!, ctx.workDir, `replicate-output`, ctx.signal);
      const file = await expectMedia(path, expect, `The ${capability} model`);
      ctx.progress(99);
      return file;
    } finally {
      // The prediction is over (or never started): its uploads are not needed any more.
      const files = await Promise.allSettled(uploaded);
      await Promise.all(files.map((f) => (f.status === 'fulfilled' ? client.deleteFile(f.value.id) : undefined)));
    }
  }

  return {
    name: 'replicate',
    preflight: (capabilities) => checkModels(client, options.specs, capabilities),
    async face(input, ctx): Promise<FaceResult> {
      const words = faceWords(input);
      const file = await run('face', { prompt: words, gender: input.gender }, ctx, 'image');
      return { ...file, facePrompt: words.slice(0, 500) };
    },
    image: (input, ctx) => run('image', { face: { file: input.facePath }, prompt: input.prompt, gender: input.gender }, ctx, 'image'),
    swapImage: (input, ctx) => run('swapImage', { face: { file: input.facePath }, target: { file: input.targetPath } }, ctx, 'image'),
    swapVideo: (input, ctx) => run('swapVideo', { face: { file: input.facePath }, target: { file: input.targetPath } }, ctx, 'video'),
    clothSwap: (input, ctx) => run('clothSwap', { person: { file: input.personPath }, garment: { file: input.garmentPath }, category: CATEGORY[input.category] }, ctx, 'image'),
    imageToVideo: (input, ctx) => run('imageToVideo', { image: { file: input.imagePath }, prompt: input.prompt }, ctx, 'video'),
    music: (input, ctx) =>
      run('music', { lyrics: input.lyrics, song: { file: input.songPath }, ...(input.voicePath ? { voice: { file: input.voicePath } } : {}), ...(input.instrumentalPath ? { instrumental: { file: input.instrumentalPath } } : {}) }, ctx, 'audio'),
    // The scale goes as a number ('{{scale}}' alone takes the value as it is).
    upscale: (input, ctx) => run('upscale', { image: { file: input.imagePath }, scale: input.scale }, ctx, 'image'),
    // The face picture and the track (typed text spoken here first; a track cut to its first minute), as data URIs.
    talking: async (input, ctx) => run('talking', { face: { file: input.facePath }, audio: { file: await talkingTrack(input, ctx) } }, ctx, 'video'),
  };
}
