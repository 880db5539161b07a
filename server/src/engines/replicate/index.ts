// The replicate engine: each capability is one hosted model (models.json, or the file
// REPLICATE_MODELS_PATH names) whose input template is filled with ours: files as data URIs,
// texts as text. The client (client.ts) runs the prediction; the first output file is copied into
// the job's folder and judged by its bytes, never by what the model says it is.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { talkingTrack } from '../local/talking-audio.ts';
import { expectMedia, type MediaKind } from '../remote/output.ts';
import { fillPlaceholders } from '../remote/placeholders.ts';
import { faceWords } from '../remote/words.ts';
import type { Capability, ClothCategory, Engine, EngineContext, EngineFile, FaceResult } from '../types.ts';
import { outputUrls, replicateClient, type ReplicateOptions } from './client.ts';

export interface ModelSpec {
  model: string;
  input: Record<string, unknown>;
}
export type ModelSpecs = Partial<Record<Capability, ModelSpec>>;

/** A value for a '{{name}}' placeholder: text, or a local file sent as a data URI. */
type Value = string | number | { file: string };

const MIME_BY_EXT: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.mp4': 'video/mp4', '.mp3': 'audio/mpeg', '.wav': 'audio/wav' };

/** Replicate's names for our cloth categories (IDM-VTON's). */
const CATEGORY: Record<ClothCategory, string> = { tops: 'upper_body', bottoms: 'lower_body', 'one-pieces': 'dresses' };

/** The capabilities' models from a JSON file (read once, when the engines are made). */
export function readModelSpecs(path: string): ModelSpecs {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const specs: ModelSpecs = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key.startsWith('_')) continue;
    const spec = value as Partial<ModelSpec>;
    if (typeof spec?.model !== 'string' || !spec.input || typeof spec.input !== 'object') throw new Error(`${path}: ${key} needs a model and an input object`);
    specs[key as Capability] = { model: spec.model, input: spec.input };
  }
  return specs;
}

async function dataUri(file: string): Promise<string> {
  const mime = MIME_BY_EXT[extname(file).toLowerCase()] ?? 'application/octet-stream';
  return `data:${mime};base64,${(await readFile(file)).toString('base64')}`;
}

/** The template with every '{{name}}' filled: files as data URIs, texts as text. */
export function fillInput(template: unknown, values: Record<string, Value>): Promise<unknown> {
  return fillPlaceholders(template, (name) => {
    const value = values[name];
    return value === undefined || typeof value !== 'object' ? value : dataUri(value.file);
  }, 'The model input');
}

export function replicateEngine(options: ReplicateOptions & { specs: ModelSpecs }): Engine {
  const client = replicateClient(options);

  async function run(capability: Capability, values: Record<string, Value>, ctx: EngineContext, expect: MediaKind): Promise<EngineFile> {
    const spec = options.specs[capability];
    if (!spec) throw new Error(`No Replicate model is configured for ${capability}`);
    const input = (await fillInput(spec.input, values)) as Record<string, unknown>;
    const prediction = await client.run(spec.model, input, ctx.signal, (p) => ctx.progress(p));
    const [url] = outputUrls(prediction.output);
    const path = await client.download(url!, ctx.workDir, `replicate-output`, ctx.signal);
    const file = await expectMedia(path, expect, `The ${capability} model`);
    ctx.progress(99);
    return file;
  }

  return {
    name: 'replicate',
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
