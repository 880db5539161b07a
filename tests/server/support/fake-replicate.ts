// A local server speaking Replicate's HTTP API (../shared/reference/providers.md) for the engine
// tests and bench:scale, refusing what the real one refuses:
// - POST /v1/models/{owner}/{name}/predictions serves official models only; a community model (or
//   one it does not have) answers 404 there and must be run as POST /v1/predictions {version, input}
//   (changelog 2025-08-05 "Run all models with the same API endpoint"); a version it does not know
//   answers 422 "Invalid version or not permitted" (the API's words for it).
// - GET /v1/models/{owner}/{name} and /versions/{id}: the model and the version, or 404.
// - Files API (replicate-javascript 2fd6f39, lib/files.js): POST /v1/files (multipart `content`)
//   answers a file object with urls.get; DELETE /v1/files/{id} answers 204.
// - A data URI input over `dataUriLimit` bytes (default 1 MB: Replicate recommends data URIs only
//   below that, larger inputs through the files API) is refused with 413. The documents give the
//   limit, not the status: the status is ours.
// - Statuses starting, processing, succeeded, failed, canceled, aborted (index.d.ts); `plan.busy`
//   answers 429 or 503 with Retry-After before creating.
// A prediction advances one status per GET and `plan` decides how it ends; with `predictionMs` it is
// processing until that long after its creation, then succeeds (a model with a fixed run time).
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from '../../../contract/provenance/png.ts';
import type { Prediction } from '../../../server/src/engines/replicate/client.ts';

export const FAKE_REPLICATE_TOKEN = 'r8_test_secret_token';
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A 1x1 PNG (a real one: the runner writes the AI marks into every output). */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==', 'base64');
const SHIPPED_MODELS = new URL('../../../server/src/engines/replicate/models.json', import.meta.url);

/** The 1x1 PNG with `text` in a tEXt chunk after IHDR, so a test can tell which output it is. */
export function pngSaying(text: string): Buffer {
  const typed = Buffer.from(`tEXtComment\0${text}`, 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(typed.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  const afterIhdr = 8 + 25;
  return Buffer.concat([ONE_PIXEL_PNG.subarray(0, afterIhdr), length, typed, crc, ONE_PIXEL_PNG.subarray(afterIhdr)]);
}

export interface FakePlan {
  end: 'succeeded' | 'failed' | 'canceled' | 'aborted' | 'no-output';
  createStatus?: number;
  malformed?: boolean;
  /** The next `times` creations answer this status with Retry-After. */
  busy?: { status: 429 | 503; retryAfter: string; times: number };
}

/** A model the fake has: official ones run by name; every model runs by one of its versions. */
export interface FakeModel {
  official: boolean;
  versions: string[];
}

type FakePrediction = Prediction & { steps: number; createdAt: number; input: Record<string, unknown>; version: string | null; model: string | null };

export interface FakeReplicate {
  /** http://127.0.0.1:<port> (the API is under /v1). */
  base: string;
  calls: string[];
  predictions: Map<string, FakePrediction>;
  /** Files uploaded and not deleted, by id. */
  files: Map<string, { name: string; bytes: Buffer }>;
  /** Ids of the files deleted, in order. */
  deleted: string[];
  /** 'owner/name' -> the model (default: the shipped models.json's, and official 'acme/…' test models). */
  models: Map<string, FakeModel>;
  dataUriLimit: number;
  plan: FakePlan;
  /** Forgets calls, predictions and files; models, the limit and the plan go back to their defaults. */
  reset(): void;
  close(): Promise<void>;
}

/** The shipped models.json's models: an 'owner/name:<version>' one is a community model with that version. */
function shippedModels(): Map<string, FakeModel> {
  const models = new Map<string, FakeModel>();
  for (const [key, entry] of Object.entries(JSON.parse(readFileSync(SHIPPED_MODELS, 'utf8')) as Record<string, { model?: string }>)) {
    if (key.startsWith('_') || !entry.model) continue;
    const [name, version] = entry.model.split(':') as [string, string | undefined];
    models.set(name, { official: !version, versions: [version ?? `${'0'.repeat(63)}1`] });
  }
  for (const name of ['acme/face-model', 'acme/swap', 'acme/m', 'acme/video', 'acme/vton', 'acme/i2v']) models.set(name, { official: true, versions: [`${'a'.repeat(63)}1`] });
  return models;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Bytes a data URI carries (its base64 decoded length). */
const dataUriBytes = (value: string) => Math.floor((value.length - value.indexOf(',') - 1) * 3 / 4);

function largestDataUri(value: unknown): number {
  if (typeof value === 'string') return value.startsWith('data:') ? dataUriBytes(value) : 0;
  if (Array.isArray(value)) return Math.max(0, ...value.map(largestDataUri));
  if (value && typeof value === 'object') return Math.max(0, ...Object.values(value).map(largestDataUri));
  return 0;
}

export async function startFakeReplicate(options: { token?: string; predictionMs?: number } = {}): Promise<FakeReplicate> {
  const token = options.token ?? FAKE_REPLICATE_TOKEN;
  const fake = { calls: [], predictions: new Map(), files: new Map(), deleted: [], models: shippedModels(), dataUriLimit: 1024 * 1024, plan: { end: 'succeeded' } } as unknown as FakeReplicate;
  let fileCount = 0;

  function advance(prediction: FakePrediction): void {
    const succeed = () => Object.assign(prediction, { status: 'succeeded', output: [`${fake.base}/files/${prediction.id}.png`] });
    if (options.predictionMs !== undefined) {
      if (Date.now() - prediction.createdAt >= options.predictionMs) succeed();
      else prediction.status = 'processing';
      return;
    }
    prediction.steps += 1;
    if (prediction.steps === 1) prediction.status = 'processing';
    else if (fake.plan.end === 'succeeded') succeed();
    else if (fake.plan.end === 'no-output') Object.assign(prediction, { status: 'succeeded', output: null });
    else if (fake.plan.end === 'failed') Object.assign(prediction, { status: 'failed', error: 'No face found in the input image.' });
    else prediction.status = fake.plan.end;
  }

  async function body(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** A new prediction on a model by name or by version, after the checks the real API makes. */
  function create(res: ServerResponse, raw: Buffer, model: string | null): void {
    const busy = fake.plan.busy;
    if (busy && busy.times > 0) {
      busy.times -= 1;
      res.writeHead(busy.status, { 'content-type': 'application/json', 'retry-after': busy.retryAfter }).end(JSON.stringify({ detail: 'Request was throttled.' }));
      return;
    }
    if (fake.plan.createStatus) return send(res, fake.plan.createStatus, { detail: `busy, token ${token}` });
    const { input, version } = JSON.parse(raw.toString()) as { input: Record<string, unknown>; version?: string };
    if (model === null && !(typeof version === 'string' && [...fake.models.values()].some((m) => m.versions.includes(version)))) {
      return send(res, 422, { detail: 'Invalid version or not permitted', status: 422, title: 'Invalid version' });
    }
    if (largestDataUri(input) > fake.dataUriLimit) return send(res, 413, { detail: `A data URI input is over ${fake.dataUriLimit} bytes: upload it through the files API.` });
    const id = `p${fake.predictions.size + 1}`;
    fake.predictions.set(id, { id, status: 'starting', steps: 0, createdAt: Date.now(), input, model, version: version ?? null });
    send(res, 201, { id, status: 'starting', urls: { get: `${fake.base}/v1/predictions/${id}`, cancel: `${fake.base}/v1/predictions/${id}/cancel` } });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', fake.base);
    const path = url.pathname;
    fake.calls.push(`${req.method} ${path}`);
    if (path.startsWith('/files/')) {
      // A real PNG signature for .png names, plain text for the rest (a model answering the wrong thing).
      const bytes = path.endsWith('.png') ? pngSaying(`bytes of ${path}`) : Buffer.from('not media');
      res.writeHead(200, { 'content-type': 'image/png' }).end(bytes);
      return;
    }
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { detail: 'Invalid token.' });
    const raw = await body(req);

    const byName = /^\/v1\/models\/([\w.-]+\/[\w.-]+)(\/predictions|\/versions\/(\w+))?$/.exec(path);
    if (byName) {
      const model = fake.models.get(byName[1]!);
      if (req.method === 'POST' && byName[2] === '/predictions') return model?.official ? create(res, raw, byName[1]!) : send(res, 404, { detail: 'Not found.' });
      if (req.method !== 'GET' || !model) return send(res, 404, { detail: 'Not found.' });
      if (byName[3]) return model.versions.includes(byName[3]) ? send(res, 200, { id: byName[3], created_at: '2025-01-01T00:00:00Z' }) : send(res, 404, { detail: 'Not found.' });
      const [owner, name] = byName[1]!.split('/');
      return send(res, 200, { url: `https://replicate.com/${byName[1]}`, owner, name, visibility: 'public', is_official: model.official, run_count: 0, latest_version: { id: model.versions.at(-1) } });
    }
    if (req.method === 'POST' && path === '/v1/predictions') return create(res, raw, null);
    if (req.method === 'POST' && path === '/v1/files') {
      const form = await new Request('http://fake/files', { method: 'POST', headers: req.headers as Record<string, string>, body: new Uint8Array(raw) }).formData();
      const content = form.get('content');
      if (!(content instanceof File)) return send(res, 400, { detail: 'content is required' });
      const id = `f${(fileCount += 1)}`;
      fake.files.set(id, { name: content.name, bytes: Buffer.from(await content.arrayBuffer()) });
      return send(res, 201, { id, content_type: content.type, size: content.size, checksums: {}, metadata: {}, created_at: '2025-01-01T00:00:00Z', expires_at: null, urls: { get: `${fake.base}/v1/files/${id}/download` } });
    }
    const file = /^\/v1\/files\/(\w+)$/.exec(path);
    if (file && req.method === 'DELETE') {
      if (!fake.files.delete(file[1]!)) return send(res, 404, { detail: 'Not found.' });
      fake.deleted.push(file[1]!);
      return void res.writeHead(204).end();
    }
    const got = /^\/v1\/predictions\/(\w+)(\/cancel)?$/.exec(path);
    const prediction = got && fake.predictions.get(got[1]!);
    if (!prediction) return send(res, 404, { detail: 'Not found.' });
    if (got[2] && req.method === 'POST') {
      prediction.status = 'canceled';
      return send(res, 200, prediction);
    }
    if (fake.plan.malformed) return send(res, 200, { hello: 'world' });
    if (prediction.status === 'starting' || prediction.status === 'processing') advance(prediction);
    return send(res, 200, prediction);
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.reset = () => {
    fake.calls = [];
    fake.predictions = new Map();
    fake.files = new Map();
    fake.deleted = [];
    fake.models = shippedModels();
    fake.dataUriLimit = 1024 * 1024;
    fake.plan = { end: 'succeeded' };
  };
  fake.close = () => new Promise<void>((r) => server.close(() => r()));
  return fake;
}
