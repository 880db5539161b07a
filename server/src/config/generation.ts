import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Type } from 'typebox';
import { CAPABILITY_NAMES } from '../../../contract/capabilities.ts';
import type { EnvReader } from './reader.ts';
import { declared } from './setting.ts';
import type { GenerationConfig, NodeEnv, ProcessRole } from './types.ts';

/** Generation: the engines, the tools they run, the sizes accepted, the template library. */
export const generationSettings = Type.Object({
  CLIENT_SECRET: Type.String({
    format: 'text',
    default: 'persona-studio-client',
    description:
      'The page\'s fixed client secret (VITE_CLIENT_SECRET at build): generation calls carry its SHA-256 as the security-key header. Not a security boundary (it ships in the page).',
  }),
  FFMPEG_PATH: Type.String({
    format: 'executable',
    default: 'ffmpeg',
    defaultText: 'ffmpeg (found on PATH)',
    description: 'The ffmpeg binary (Debian\'s package): an absolute path or a name on PATH; checked at start.',
  }),
  FFPROBE_PATH: Type.String({
    format: 'executable',
    default: 'ffprobe',
    defaultText: 'ffprobe (found on PATH)',
    description: 'The ffprobe binary: an absolute path or a name on PATH; checked at start.',
  }),
  ESPEAK_NG_PATH: Type.String({
    format: 'executable',
    default: 'espeak-ng',
    defaultText: 'espeak-ng (found on PATH)',
    description: 'The espeak-ng binary (Debian\'s package) that speaks a talking character\'s typed text: an absolute path or a name on PATH; checked at start.',
  }),
  GENERATION_ENGINES: Type.String({
    format: 'engines',
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
  FETCH_ALLOW_HOSTS: Type.String({
    format: 'host-list',
    defaultText: '(unset: none)',
    description: 'Tests only: comma list of host or host:port that server-side fetches may reach although private or loopback. Refused in production.',
  }),
  TEMPLATES_AT_START: Type.Boolean({
    default: true,
    description: 'false: make templates only when first asked for, not the whole library at start (test servers).',
  }),
  TEMPLATE_CACHE: Type.String({
    format: 'path',
    defaultText: '(unset: no cache)',
    description: 'Folder keeping finished template media to copy instead of regenerating (tests, CI, many data folders).',
  }),
});

/** The remote engines' settings, read when GENERATION_ENGINES names them. */
export const engineSettings = Type.Object({
  REPLICATE_API_TOKEN: Type.String({ format: 'secret', description: 'Replicate API token; required when GENERATION_ENGINES names replicate. Never logged.' }),
  REPLICATE_BASE_URL: Type.String({ format: 'word', default: 'https://api.replicate.com/v1', description: 'Replicate API base (a local fake in tests).' }),
  REPLICATE_MODELS_PATH: Type.String({
    format: 'path',
    defaultText: '(unset: server/src/engines/replicate/models.json)',
    description: 'JSON file of the model and input template per capability for the replicate engine.',
  }),
  COMFYUI_URL: Type.String({
    format: 'absolute-url',
    description: 'Base URL of a self-hosted ComfyUI (http://host:8188); required when GENERATION_ENGINES names comfyui.',
  }),
  COMFYUI_WORKFLOWS_DIR: Type.String({
    format: 'directory',
    defaultText: '(unset: server/src/engines/comfyui/workflows)',
    description: 'Folder of ComfyUI API-format workflows; a file named like a shipped one (face-prompt.json, …) replaces it.',
  }),
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

const SHIPPED_REPLICATE_MODELS = fileURLToPath(new URL('../engines/replicate/models.json', import.meta.url));

export function readGeneration(r: EnvReader, nodeEnv: NodeEnv, role: ProcessRole, withRedis: boolean): GenerationConfig {
  const fetchAllowHosts = r.list('FETCH_ALLOW_HOSTS');
  if (fetchAllowHosts.length > 0 && nodeEnv === 'production') r.problem('FETCH_ALLOW_HOSTS', 'must not be set in production (it lets fetches reach private hosts)');
  const engines = r.engines('GENERATION_ENGINES');
  const usesReplicate = Object.values(engines).includes('replicate');
  const replicateToken = r.raw('REPLICATE_API_TOKEN');
  if (usesReplicate && !replicateToken) r.problem('REPLICATE_API_TOKEN', 'must be set when GENERATION_ENGINES names replicate');
  const replicate = usesReplicate
    ? {
        token: replicateToken ?? '',
        baseUrl: r.word('REPLICATE_BASE_URL'),
        modelsPath: r.path('REPLICATE_MODELS_PATH', SHIPPED_REPLICATE_MODELS),
      }
    : null;
  // With Redis, API processes stay stateless: jobs go to `npm run worker` processes unless told otherwise.
  const workerConcurrency = r.int('WORKER_CONCURRENCY', {
    default: withRedis && role === 'api' ? 0 : undefined,
    minimum: role === 'worker' ? 1 : undefined,
  });
  const usesComfyui = Object.values(engines).includes('comfyui');
  if (usesComfyui && r.raw('COMFYUI_URL') === undefined) r.problem('COMFYUI_URL', 'must be set when GENERATION_ENGINES names comfyui');
  const comfyui = usesComfyui
    ? {
        url: r.raw('COMFYUI_URL') === undefined ? '' : (r.absoluteUrl('COMFYUI_URL') ?? ''),
        workflowsDir: r.raw('COMFYUI_WORKFLOWS_DIR') === undefined ? null : r.directory('COMFYUI_WORKFLOWS_DIR'),
        timeoutMs: r.int('COMFYUI_TIMEOUT_SECONDS') * 1000,
      }
    : null;
  return {
    securityKey: securityKeyFor(r.text('CLIENT_SECRET') ?? DEFAULT_CLIENT_SECRET),
    ffmpegPath: r.executable('FFMPEG_PATH'),
    ffprobePath: r.executable('FFPROBE_PATH'),
    espeakPath: r.executable('ESPEAK_NG_PATH'),
    workerConcurrency,
    leaseMs: r.int('JOB_LEASE_SECONDS') * 1000,
    runJobs: r.flag('RUN_JOBS') && workerConcurrency > 0,
    engines,
    uploadMaxBytes: r.int('UPLOAD_MAX_BYTES'),
    audioMaxBytes: r.int('AUDIO_MAX_BYTES'),
    fetchAllowHosts,
    templateCache: r.raw('TEMPLATE_CACHE') === undefined ? null : r.path('TEMPLATE_CACHE'),
    templatesAtStart: r.flag('TEMPLATES_AT_START'),
    replicate,
    comfyui,
  };
}
