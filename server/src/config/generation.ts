import { createHash } from 'node:crypto';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from 'typebox';
import { CAPABILITY_NAMES } from '../../../contract/capabilities.ts';
import { Engines, HostList, Path, Text, Url } from './formats.ts';
import type { Report } from './parse.ts';
import { queueSettings } from './queue.ts';
import { declared } from './setting.ts';
import type { Read } from './settings.ts';
import type { ProcessRole } from './types.ts';

const SHIPPED_REPLICATE_MODELS = fileURLToPath(new URL('../engines/replicate/models.json', import.meta.url));

/** Generation: the engines, the tools they run, the sizes accepted, the template library. */
export const generationSettings = Type.Object({
  CLIENT_SECRET: Text('text', {
    default: 'persona-studio-client',
    description:
      'The page\'s fixed client secret (VITE_CLIENT_SECRET at build): generation calls carry its SHA-256 as the security-key header. Not a security boundary (it ships in the page).',
  }),
  FFMPEG_PATH: Text('executable', {
    default: 'ffmpeg',
    defaultText: 'ffmpeg (found on PATH)',
    description: 'The ffmpeg binary (Debian\'s package): an absolute path or a name on PATH; checked at start.',
  }),
  FFPROBE_PATH: Text('executable', {
    default: 'ffprobe',
    defaultText: 'ffprobe (found on PATH)',
    description: 'The ffprobe binary: an absolute path or a name on PATH; checked at start.',
  }),
  ESPEAK_NG_PATH: Text('executable', {
    default: 'espeak-ng',
    defaultText: 'espeak-ng (found on PATH)',
    description: 'The espeak-ng binary (Debian\'s package) that speaks a talking character\'s typed text: an absolute path or a name on PATH; checked at start.',
  }),
  GENERATION_ENGINES: Engines({
    default: 'local',
    description: `Engine per capability: one name for all (local), or default=local,face=…,image=…; capabilities ${CAPABILITY_NAMES.join(', ')}.`,
  }),
  UPLOAD_MAX_BYTES: Type.Integer({ minimum: 1024, maximum: 200 * 1024 * 1024, default: 10 * 1024 * 1024, description: 'Largest garment image accepted (bytes).' }),
  AUDIO_MAX_BYTES: Type.Integer({
    minimum: 1024,
    maximum: 500 * 1024 * 1024,
    default: 30 * 1024 * 1024,
    description: 'Largest song, voice or instrumental file accepted (bytes).',
  }),
  FETCH_ALLOW_HOSTS: Type.Optional(HostList({
    defaultText: '(unset: none)',
    description: 'Tests only: comma list of host or host:port that server-side fetches may reach although private or loopback. Refused in production.',
  })),
  TEMPLATES_AT_START: Type.Boolean({
    default: true,
    description: 'false: make templates only when first asked for, not the whole library at start (test servers).',
  }),
  TEMPLATE_CACHE: Type.Optional(Path('path', {
    defaultText: '(unset: no cache)',
    description: 'Folder keeping finished template media to copy instead of regenerating (tests, CI, many data folders).',
  })),
});

/** The remote engines' settings, read when GENERATION_ENGINES names them. */
export const engineSettings = Type.Object({
  REPLICATE_API_TOKEN: Type.Optional(Text('secret', { description: 'Replicate API token; required when GENERATION_ENGINES names replicate. Never logged.' })),
  REPLICATE_BASE_URL: Text('word', { default: 'https://api.replicate.com/v1', description: 'Replicate API base (a local fake in tests).' }),
  REPLICATE_MODELS_PATH: Path('path', {
    default: SHIPPED_REPLICATE_MODELS,
    defaultText: '(unset: server/src/engines/replicate/models.json)',
    description: 'JSON file of the model and input template per capability for the replicate engine.',
  }),
  COMFYUI_URL: Type.Optional(Url('absolute-url', {
    description: 'Base URL of a self-hosted ComfyUI (http://host:8188); required when GENERATION_ENGINES names comfyui.',
  })),
  COMFYUI_WORKFLOWS_DIR: Type.Optional(Path('directory', {
    defaultText: '(unset: server/src/engines/comfyui/workflows)',
    description: 'Folder of ComfyUI API-format workflows; a file named like a shipped one (face-prompt.json, …) replaces it.',
  })),
  COMFYUI_TIMEOUT_SECONDS: Type.Integer({
    minimum: 10,
    maximum: 86_400,
    default: 600,
    description: 'A ComfyUI job not finished after this long is interrupted and fails (10-86400; the job kind\'s own limit still applies).',
  }),
});

export const DEFAULT_CLIENT_SECRET = declared(generationSettings.properties.CLIENT_SECRET).default as string;

/** The security-key header for a client secret: SHA-256, hex (as the page computes it). */
export const securityKeyFor = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** An absolute path to an executable file, or a bare name found on the PATH the settings were read with (resolved to its path). */
function executable(name: string, raw: string, path: string | undefined, report: Report): string {
  const candidates = raw.includes('/') ? [resolve(raw)] : (path ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, raw));
  const found = candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
  if (!found) report(name, raw.includes('/') ? 'is not an executable file' : `names no executable on PATH (install Debian's ffmpeg package)`);
  return found ?? raw;
}

const MAX_WORKERS = declared(queueSettings.properties.WORKER_CONCURRENCY).maximum;

/** The engines and the tools they run, checked against each other, the process's role and PATH. */
export function generationOf({ values: s, given, report }: Read, role: ProcessRole, path: string | undefined) {
  if ((s.FETCH_ALLOW_HOSTS?.length ?? 0) > 0 && s.NODE_ENV === 'production') report('FETCH_ALLOW_HOSTS', 'must not be set in production (it lets fetches reach private hosts)');
  const engines = Object.values(s.GENERATION_ENGINES);
  const usesReplicate = engines.includes('replicate');
  if (usesReplicate && s.REPLICATE_API_TOKEN === undefined) report('REPLICATE_API_TOKEN', 'must be set when GENERATION_ENGINES names replicate');
  const usesComfyui = engines.includes('comfyui');
  if (usesComfyui && given.COMFYUI_URL === undefined) report('COMFYUI_URL', 'must be set when GENERATION_ENGINES names comfyui');
  // With Redis, API processes stay stateless: jobs go to `npm run worker` processes unless told otherwise.
  let workerConcurrency = given.WORKER_CONCURRENCY === undefined && s.REDIS_URL !== undefined && role === 'api' ? 0 : s.WORKER_CONCURRENCY;
  if (role === 'worker' && workerConcurrency < 1) {
    report('WORKER_CONCURRENCY', `must be a whole number from 1 to ${MAX_WORKERS}`);
    workerConcurrency = 1;
  }
  return {
    /** SHA-256 (hex) of CLIENT_SECRET: the security-key header generation calls carry. */
    securityKey: securityKeyFor(s.CLIENT_SECRET),
    ffmpegPath: executable('FFMPEG_PATH', s.FFMPEG_PATH, path, report),
    ffprobePath: executable('FFPROBE_PATH', s.FFPROBE_PATH, path, report),
    /** espeak-ng: a talking character's typed text spoken (ESPEAK_NG_PATH). */
    espeakPath: executable('ESPEAK_NG_PATH', s.ESPEAK_NG_PATH, path, report),
    /** Jobs this process runs at once (0 for an API process that only queues). */
    workerConcurrency,
    leaseMs: s.JOB_LEASE_SECONDS * 1000,
    /** This process runs jobs: RUN_JOBS and a WORKER_CONCURRENCY above 0 (false: it only queues them for `npm run worker`). */
    runJobs: s.RUN_JOBS && workerConcurrency > 0,
    /** Engine name per capability. */
    engines: s.GENERATION_ENGINES,
    uploadMaxBytes: s.UPLOAD_MAX_BYTES,
    audioMaxBytes: s.AUDIO_MAX_BYTES,
    /** host or host:port (lower case) that server-side fetches may reach although private (tests). */
    fetchAllowHosts: s.FETCH_ALLOW_HOSTS ?? [],
    /** Folder of finished template media to reuse, or null. */
    templateCache: s.TEMPLATE_CACHE ?? null,
    /** Make the whole template library at start (else each template when first asked for). */
    templatesAtStart: s.TEMPLATES_AT_START,
    /** The replicate engine's settings; null when no capability uses it. */
    replicate: usesReplicate ? { token: s.REPLICATE_API_TOKEN ?? '', baseUrl: s.REPLICATE_BASE_URL, modelsPath: s.REPLICATE_MODELS_PATH } : null,
    /** The comfyui engine's settings; null when no capability uses it. */
    comfyui: usesComfyui ? { url: s.COMFYUI_URL ?? '', workflowsDir: s.COMFYUI_WORKFLOWS_DIR ?? null, timeoutMs: s.COMFYUI_TIMEOUT_SECONDS * 1000 } : null,
  };
}
