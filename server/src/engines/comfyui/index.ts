// The comfyui engine: each capability is a workflow (workflows.ts) whose '{{name}}' placeholders
// take our texts, a fresh seed and the names of our files uploaded into ComfyUI's input/ folder.
// The prompt is queued under our own client id, followed (watcher.ts), and its first output of
// the right kind is copied from /view into the job's folder and judged by its bytes.
import { randomInt, randomUUID } from 'node:crypto';
import { PREFLIGHT_TIMEOUT_MS, type Capability, type CapabilityCheck, type ClothCategory, type Engine, type EngineContext, type EngineFile, type FaceResult } from '../types.ts';
import { talkingTrack } from '../local/talking-audio.ts';
import type { FileClass } from '../../media/magic.ts';
import { expectMedia } from '../remote/output.ts';
import { faceWords, personWord } from '../remote/words.ts';
import { comfyClient, type ComfyClient, type ComfyFile, type ComfyOptions, type HistoryEntry } from './client.ts';
import { PromptWatcher } from './watcher.ts';
import { workflowProblems } from './preflight.ts';
import { fillWorkflow, workflowsOf, type WorkflowName, type Workflows } from './workflows.ts';

export interface ComfyEngineOptions extends ComfyOptions {
  workflows: Workflows;
  /** One job, upload to copied output (COMFYUI_TIMEOUT_SECONDS). */
  jobTimeoutMs: number;
  pollMs?: number;
  socketPollMs?: number;
  maxPollFailures?: number;
}

/** A placeholder's value: text, a number, or a local file uploaded first. */
type Value = string | number | { file: string };

/** CatVTON's cloth types, and the words the garment mask is found with. */
const CLOTH: Record<ClothCategory, { category: string; maskPrompt: string }> = {
  tops: { category: 'upper', maskPrompt: 'shirt, top, jacket' },
  bottoms: { category: 'lower', maskPrompt: 'pants, skirt, shorts' },
  'one-pieces': { category: 'overall', maskPrompt: 'dress, jumpsuit' },
};

/** The Real-ESRGAN weights (BSD-3-Clause) the upscale workflow loads, by scale: files in ComfyUI's models/upscale_models. */
const UPSCALE_MODEL: Record<2 | 4, string> = { 2: 'RealESRGAN_x2plus.pth', 4: 'RealESRGAN_x4plus.pth' };

/** The model files our engine may put into a placeholder (the pre-flight looks for each). */
export const MODEL_PLACEHOLDERS: Readonly<Record<string, readonly string[]>> = { model: Object.values(UPSCALE_MODEL) };

const EXTENSIONS: Record<FileClass, RegExp> = { image: /\.(png|jpe?g|webp)$/i, video: /\.mp4$/i, audio: /\.mp3$/i };
const OUTPUT_KEYS = ['images', 'gifs', 'videos', 'audio'];

/** Saved outputs of the wanted kind, in node order (previews, type 'temp', left out). */
export function outputFiles(entry: HistoryEntry, expect: FileClass): ComfyFile[] {
  const files: ComfyFile[] = [];
  for (const node of Object.values(entry.outputs ?? {})) {
    for (const key of OUTPUT_KEYS) {
      const list = node?.[key];
      if (!Array.isArray(list)) continue;
      for (const f of list as Partial<ComfyFile>[]) {
        if (typeof f?.filename === 'string' && (f.type ?? 'output') === 'output' && EXTENSIONS[expect].test(f.filename)) files.push({ filename: f.filename, subfolder: f.subfolder ?? '', type: 'output' });
      }
    }
  }
  return files;
}

export function comfyuiEngine(options: ComfyEngineOptions): Engine {
  const client: ComfyClient = comfyClient(options);
  const { jobTimeoutMs, pollMs = 1000, socketPollMs = 5000, maxPollFailures = 3 } = options;

  async function run(name: WorkflowName, values: Record<string, Value>, ctx: EngineContext, expect: FileClass): Promise<EngineFile> {
    const deadline = AbortSignal.timeout(jobTimeoutMs);
    const signal = AbortSignal.any([ctx.signal, deadline]);
    const clientId = randomUUID();
    const watcher = new PromptWatcher(client, clientId);
    let promptId: string | undefined;
    try {
      const uploads = new Map<string, Promise<string>>();
      const workflow = options.workflows[name];
      // engines/registry.ts reads the workflow of every capability sent here before the server starts.
      if (!workflow) throw new Error(`The ${name} workflow was not read`);
      const graph = await fillWorkflow(name, workflow, (key) => {
        const value = key === 'seed' ? randomInt(0, 2 ** 48 - 1) : values[key];
        if (value === undefined || typeof value !== 'object') return value;
        if (!uploads.has(key)) uploads.set(key, client.upload(value.file, key, signal));
        return uploads.get(key);
      });
      ctx.progress(5);
      await watcher.ready(2000);
      promptId = await client.submit(graph, clientId, signal);
      const entry = await watcher.follow(promptId, { signal, nodeCount: Object.keys(graph).length, onProgress: (f) => ctx.progress(5 + 85 * f), pollMs, socketPollMs, maxPollFailures });
      ctx.progress(90);
      const [output] = outputFiles(entry, expect);
      if (!output) throw new Error(`ComfyUI's ${name} workflow saved no ${expect} file (${EXTENSIONS[expect].source}): check its output node`);
      const path = await client.download(output, ctx.workDir, `comfyui-output${/\.[a-z0-9]+$/i.exec(output.filename)![0].toLowerCase()}`, signal);
      const file = await expectMedia(path, expect, `ComfyUI's ${name} workflow`);
      ctx.progress(99);
      return file;
    } catch (err) {
      if (signal.aborted && promptId) await client.cancel(promptId);
      if (ctx.signal.aborted) throw ctx.signal.reason;
      if (deadline.aborted) throw new Error(`ComfyUI did not finish the ${name} workflow within ${Number((jobTimeoutMs / 1000).toFixed(1))} s`);
      throw err;
    } finally {
      watcher.close();
    }
  }

  /** Reads the server's /object_info once: what each capability's workflows need and it lacks. */
  async function preflight(capabilities: readonly Capability[]): Promise<Partial<Record<Capability, CapabilityCheck>>> {
    let info;
    try {
      info = await client.objectInfo(AbortSignal.timeout(PREFLIGHT_TIMEOUT_MS));
    } catch (err) {
      const warning = `ComfyUI's /object_info could not be read: ${(err as Error).message}`;
      return Object.fromEntries(capabilities.map((c) => [c, { problems: [], warnings: [warning] }]));
    }
    return Object.fromEntries(capabilities.map((c) => {
      const problems = workflowsOf(c).flatMap((name) => {
        const workflow = options.workflows[name];
        return workflow ? workflowProblems(`${name}.json`, workflow, info, MODEL_PLACEHOLDERS) : [`${name}.json was not read`];
      });
      return [c, { problems, warnings: [] }];
    }));
  }

  return {
    name: 'comfyui',
    preflight,
    async face(input, ctx): Promise<FaceResult> {
      const words = faceWords(input);
      const [celebrity1 = '', celebrity2 = '', celebrity3 = ''] = input.celebrities ?? [];
      const workflow = input.celebrities ? 'face-celebrities' : 'face-prompt';
      const file = await run(workflow, { prompt: words, gender: personWord(input.gender), celebrity1, celebrity2, celebrity3 }, ctx, 'image');
      return { ...file, facePrompt: words.slice(0, 500) };
    },
    image: (input, ctx) => run('image', { face: { file: input.facePath }, prompt: input.prompt, gender: personWord(input.gender) }, ctx, 'image'),
    swapImage: (input, ctx) => run('swapImage', { face: { file: input.facePath }, target: { file: input.targetPath } }, ctx, 'image'),
    swapVideo: (input, ctx) => run('swapVideo', { face: { file: input.facePath }, target: { file: input.targetPath } }, ctx, 'video'),
    clothSwap: (input, ctx) => run('clothSwap', { person: { file: input.personPath }, garment: { file: input.garmentPath }, ...CLOTH[input.category] }, ctx, 'image'),
    imageToVideo: (input, ctx) => run('imageToVideo', { image: { file: input.imagePath }, prompt: input.prompt }, ctx, 'video'),
    music: (input, ctx) =>
      run('music', { lyrics: input.lyrics, song: { file: input.songPath }, ...(input.voicePath ? { voice: { file: input.voicePath } } : {}), ...(input.instrumentalPath ? { instrumental: { file: input.instrumentalPath } } : {}) }, ctx, 'audio'),
    upscale: (input, ctx) => run('upscale', { image: { file: input.imagePath }, model: UPSCALE_MODEL[input.scale], scale: input.scale }, ctx, 'image'),
    // MuseTalk (code MIT, weights free for any use): typed text is spoken here first, a track cut to its first minute.
    talking: async (input, ctx) => run('talking', { face: { file: input.facePath }, audio: { file: await talkingTrack(input, ctx) } }, ctx, 'video'),
  };
}
