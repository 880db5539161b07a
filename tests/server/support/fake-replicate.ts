// A local server speaking Replicate's predictions API (../shared/reference/providers.md) for the
// engine tests and bench:scale: create, poll, cancel, output files. A prediction advances one
// status per GET and `plan` decides how it ends; with `predictionMs` it is processing until that
// long after its creation, then succeeds (a model with a fixed run time).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from '../../../contract/provenance/png.ts';
import type { Prediction } from '../../../server/src/engines/replicate/client.ts';

export const FAKE_REPLICATE_TOKEN = 'r8_test_secret_token';
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A 1x1 PNG (a real one: the runner writes the AI marks into every output). */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==', 'base64');

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
  end: 'succeeded' | 'failed' | 'canceled' | 'no-output';
  createStatus?: number;
  malformed?: boolean;
}

export interface FakeReplicate {
  /** http://127.0.0.1:<port> (the API is under /v1). */
  base: string;
  calls: string[];
  predictions: Map<string, Prediction & { steps: number; createdAt: number; input: Record<string, unknown> }>;
  plan: FakePlan;
  /** Forgets calls and predictions; the plan goes back to success. */
  reset(): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startFakeReplicate(options: { token?: string; predictionMs?: number } = {}): Promise<FakeReplicate> {
  const token = options.token ?? FAKE_REPLICATE_TOKEN;
  const fake = { calls: [], predictions: new Map(), plan: { end: 'succeeded' } } as unknown as FakeReplicate;

  function advance(prediction: Prediction & { steps: number; createdAt: number }): void {
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
    else prediction.status = 'canceled';
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', fake.base);
    fake.calls.push(`${req.method} ${url.pathname}`);
    if (url.pathname.startsWith('/files/')) {
      // A real PNG signature for .png names, plain text for the rest (a model answering the wrong thing).
      const bytes = url.pathname.endsWith('.png') ? pngSaying(`bytes of ${url.pathname}`) : Buffer.from('not media');
      res.writeHead(200, { 'content-type': 'image/png' }).end(bytes);
      return;
    }
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { detail: 'Invalid token.' });
    const created = /^\/v1\/models\/([\w.-]+)\/([\w.-]+)\/predictions$/.exec(url.pathname);
    if (req.method === 'POST' && created) {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      if (fake.plan.createStatus) return send(res, fake.plan.createStatus, { detail: `busy, token ${token}` });
      const { input } = JSON.parse(raw) as { input: Record<string, unknown> };
      const id = `p${fake.predictions.size + 1}`;
      fake.predictions.set(id, { id, status: 'starting', steps: 0, createdAt: Date.now(), input });
      return send(res, 201, { id, status: 'starting', urls: { get: `${fake.base}/v1/predictions/${id}` } });
    }
    const got = /^\/v1\/predictions\/(\w+)(\/cancel)?$/.exec(url.pathname);
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
    fake.plan = { end: 'succeeded' };
  };
  fake.close = () => new Promise<void>((r) => server.close(() => r()));
  return fake;
}
