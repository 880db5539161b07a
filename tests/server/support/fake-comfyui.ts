// A local ComfyUI speaking its HTTP + WebSocket contract (../shared/reference/providers.md) over
// real sockets: uploads kept in a memory input/ folder, prompts queued and run one at a time,
// progress sent over /ws to the client that queued the prompt, the history written before
// `executing` null, /view serving the outputs, /interrupt and /queue delete. `plan` decides how the
// next prompts run; restart() forgets everything as a restarted ComfyUI does; close() makes it vanish.
// What it refuses is ComfyUI's own verdict: POST /prompt runs validatePrompt (server/src/engines/
// comfyui/validate.ts: execution.py's rules and error shapes, Comfy-Org/ComfyUI a125cd8, 2025-10-12)
// over the node catalogue of the packs `installed` (catalogue.ts: each pack at its pinned commit),
// with the model files in `models` and the files uploaded; GET /object_info lists those same nodes
// in server.py's node_info shape (a loader's choices: the model files it sees).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { MODEL_PLACEHOLDERS } from '../../../server/src/engines/comfyui/index.ts';
import { CATALOGUE, PACKS, type InputSpec, type PackId } from '../../../server/src/engines/comfyui/catalogue.ts';
import { neededModels } from '../../../server/src/engines/comfyui/preflight.ts';
import { validatePrompt } from '../../../server/src/engines/comfyui/validate.ts';
import { readWorkflows } from '../../../server/src/engines/comfyui/workflows.ts';

type Graph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

export interface FakeOutput {
  key: 'images' | 'gifs' | 'videos' | 'audio';
  filename: string;
  /** Absent: listed in the history, but /view answers 404. */
  bytes?: Buffer;
}

export interface FakePlan {
  steps: number;
  stepMs: number;
  outputs: FakeOutput[];
  end: 'success' | 'error' | 'hang';
  exception?: { type: string; message: string };
  /** Answer /prompt with this status. */
  promptStatus?: number;
  /** Answer the next `times` calls to /prompt with this status and Retry-After header. */
  busy?: { status: 429 | 503; retryAfter: string; times: number };
  /** 'refused': upgrades answered 503; 'drops': sockets cut after the first progress, later upgrades refused. */
  socket: 'ok' | 'refused' | 'drops';
}

interface Prompt {
  id: string;
  number: number;
  clientId: string;
  graph: Graph;
  plan: FakePlan;
  timer?: NodeJS.Timeout;
}

export interface FakeComfy {
  url: string;
  calls: string[];
  uploads: Map<string, Buffer>;
  prompts: Prompt[];
  history: Map<string, unknown>;
  plan: FakePlan;
  /** The node packs loaded (default: every pack of the catalogue). */
  installed: Set<PackId>;
  /** Model files by models/ folder (default: every file the shipped workflows load). */
  models: Record<string, string[]>;
  restart(): void;
  close(): Promise<void>;
}

/** Every model file the shipped workflows load, by folder: what a server fit to run them holds. */
export function shippedModels(): Record<string, string[]> {
  const models: Record<string, string[]> = {};
  for (const graph of Object.values(readWorkflows(null))) {
    for (const m of neededModels(graph!, MODEL_PLACEHOLDERS)) if (!(models[m.folder] ??= []).includes(m.file)) models[m.folder]!.push(m.file);
  }
  return models;
}

/** An input as /object_info lists it: [type, options], a list of choices as its first element. */
function infoInput(spec: InputSpec, fake: FakeComfy): unknown[] {
  if (typeof spec === 'string') return [spec.split(',')[0]];
  if ('choices' in spec) return [[...spec.choices]];
  if ('models' in spec) return [[...(fake.models[spec.models] ?? [])]];
  return [[...fake.uploads.keys()].sort(), { image_upload: true }];
}

/** GET /object_info: the installed packs' nodes in server.py's node_info shape. */
function objectInfo(fake: FakeComfy): Record<string, unknown> {
  const info: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(CATALOGUE)) {
    if (!fake.installed.has(spec.pack)) continue;
    const group = (inputs: Readonly<Record<string, InputSpec>> = {}) => Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, infoInput(v, fake)]));
    info[name] = {
      input: { required: group(spec.required), optional: group(spec.optional) },
      input_order: { required: Object.keys(spec.required), optional: Object.keys(spec.optional ?? {}) },
      output: spec.outputs, output_is_list: spec.outputs.map(() => false), output_name: spec.outputs, name, display_name: name, description: '',
      python_module: spec.pack === 'core' ? 'nodes' : `custom_nodes.${PACKS[spec.pack].name}`, category: 'persona-fake', output_node: spec.output === true,
    };
  }
  return info;
}

export async function startFakeComfy(): Promise<FakeComfy> {
  const sockets = new Map<string, Set<WebSocket>>();
  const queue: Prompt[] = [];
  let running: Prompt | null = null;
  let refuseUpgrades = false;
  const fake: FakeComfy = {
    url: '',
    calls: [],
    uploads: new Map(),
    prompts: [],
    history: new Map(),
    plan: { steps: 3, stepMs: 5, outputs: [], end: 'success', socket: 'ok' },
    installed: new Set(Object.keys(PACKS) as PackId[]),
    models: shippedModels(),
    restart() {
      if (running) clearTimeout(running.timer);
      running = null;
      queue.length = 0;
      fake.history.clear();
      for (const set of sockets.values()) for (const ws of set) ws.terminate();
    },
    async close() {
      fake.restart();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  const send = (clientId: string, type: string, data: Record<string, unknown>) => {
    for (const ws of sockets.get(clientId) ?? []) ws.send(JSON.stringify({ type, data }));
  };
  const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  function finish(p: Prompt, status: 'success' | 'error', outputs: Record<string, unknown>, messages: [string, Record<string, unknown>][]) {
    fake.history.set(p.id, { prompt: [p.number, p.id, p.graph, {}, []], outputs, status: { status_str: status, completed: status === 'success', messages } });
    send(p.clientId, 'executing', { node: null, prompt_id: p.id });
    running = null;
    next();
  }

  /** Runs the prompt node by node, one tick each; the sampler reports steps. */
  function next() {
    if (running || queue.length === 0) return;
    const p = (running = queue.shift()!);
    const nodes = Object.keys(p.graph);
    const sampler = nodes.find((id) => /Sampler|CatVTON|ReActor/.test(p.graph[id]!.class_type)) ?? nodes.at(-1)!;
    const events: (() => void)[] = [() => send(p.clientId, 'execution_start', { prompt_id: p.id, timestamp: Date.now() })];
    for (const node of nodes) {
      events.push(() => send(p.clientId, 'executing', { node, display_node: node, prompt_id: p.id }));
      if (node !== sampler) continue;
      for (let value = 1; value <= p.plan.steps; value += 1) {
        events.push(() => {
          send(p.clientId, 'progress', { value, max: p.plan.steps, prompt_id: p.id, node });
          for (const ws of sockets.get(p.clientId) ?? []) ws.send(Buffer.from([0, 0, 0, 1, 0, 0, 0, 2])); // a preview frame
          if (p.plan.socket === 'drops' && value === 1) {
            refuseUpgrades = true;
            for (const ws of sockets.get(p.clientId) ?? []) ws.terminate();
          }
        });
      }
      if (p.plan.end === 'error') {
        events.push(() => {
          const data = { prompt_id: p.id, node_id: node, node_type: p.graph[node]!.class_type, executed: [], exception_message: p.plan.exception!.message, exception_type: p.plan.exception!.type, traceback: ['...'] };
          send(p.clientId, 'execution_error', data);
          finish(p, 'error', {}, [['execution_start', { prompt_id: p.id }], ['execution_error', data]]);
        });
        break;
      }
      if (p.plan.end === 'hang') {
        events.push(() => undefined);
        break;
      }
    }
    if (p.plan.end === 'success') {
      events.push(() => {
        const last = nodes.at(-1)!;
        const outputs: Record<string, Record<string, unknown[]>> = { [last]: {} };
        for (const o of p.plan.outputs) (outputs[last]![o.key] ??= []).push({ filename: o.filename, subfolder: 'persona-studio', type: 'output' });
        send(p.clientId, 'executed', { node: last, output: outputs[last], prompt_id: p.id });
        send(p.clientId, 'execution_success', { prompt_id: p.id, timestamp: Date.now() });
        finish(p, 'success', outputs, [['execution_start', { prompt_id: p.id }], ['execution_success', { prompt_id: p.id }]]);
      });
    }
    const tick = () => {
      if (running !== p) return;
      const event = events.shift();
      event?.();
      // timing-ok: the fake's own pace, one event per plan step, as a busy ComfyUI sends them
      if (events.length > 0 || (p.plan.end === 'hang' && running === p)) p.timer = setTimeout(tick, p.plan.stepMs);
    };
    p.timer = setTimeout(tick, p.plan.stepMs); // timing-ok: the fake's own pace (above)
  }

  function interrupt(p: Prompt) {
    clearTimeout(p.timer);
    const data = { prompt_id: p.id, node_id: Object.keys(p.graph)[0], node_type: 'KSampler', executed: [] };
    send(p.clientId, 'execution_interrupted', data);
    finish(p, 'error', {}, [['execution_interrupted', data]]);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    fake.calls.push(`${req.method} ${path}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const body = () => (raw.length ? (JSON.parse(raw.toString()) as Record<string, unknown>) : {});

    if (req.method === 'POST' && path === '/upload/image') {
      const form = await new Request('http://fake/upload', { method: 'POST', headers: req.headers as Record<string, string>, body: raw }).formData();
      const file = form.get('image');
      if (!(file instanceof File)) return json(res, 400, { error: 'no image' });
      fake.uploads.set(file.name, Buffer.from(await file.arrayBuffer()));
      return json(res, 200, { name: file.name, subfolder: '', type: 'input' });
    }
    if (req.method === 'GET' && path === '/object_info') return json(res, 200, objectInfo(fake));
    if (req.method === 'POST' && path === '/prompt') {
      const { prompt, client_id: clientId } = body() as { prompt?: Graph; client_id?: string };
      const busy = fake.plan.busy;
      if (busy && busy.times > 0) {
        busy.times -= 1;
        return res.writeHead(busy.status, { 'content-type': 'text/plain', 'retry-after': busy.retryAfter }).end('busy');
      }
      if (fake.plan.promptStatus) return json(res, fake.plan.promptStatus, { error: 'Internal Server Error' });
      if (!prompt) return json(res, 400, { error: { type: 'no_prompt', message: 'No prompt provided', details: 'No prompt provided', extra_info: {} }, node_errors: {} });
      const refusal = validatePrompt(prompt, {
        spec: (classType) => (Object.hasOwn(CATALOGUE, classType) && fake.installed.has(CATALOGUE[classType]!.pack) ? CATALOGUE[classType] : undefined),
        modelFiles: (folder) => fake.models[folder] ?? [],
        hasUpload: (name) => fake.uploads.has(name),
      });
      if (refusal) return json(res, 400, refusal);
      const p: Prompt = { id: randomUUID(), number: fake.prompts.length, clientId: clientId ?? '', graph: prompt, plan: { ...fake.plan } };
      fake.prompts.push(p);
      queue.push(p);
      json(res, 200, { prompt_id: p.id, number: p.number, node_errors: {} });
      return next();
    }
    if (req.method === 'GET' && path === '/queue') {
      const item = (p: Prompt) => [p.number, p.id, p.graph, { client_id: p.clientId }, []];
      return json(res, 200, { queue_running: running ? [item(running)] : [], queue_pending: queue.map(item) });
    }
    if (req.method === 'POST' && path === '/queue') {
      const ids = (body().delete as string[] | undefined) ?? [];
      for (const id of ids) {
        const at = queue.findIndex((p) => p.id === id);
        if (at >= 0) queue.splice(at, 1);
      }
      return json(res, 200, {});
    }
    if (req.method === 'POST' && path === '/interrupt') {
      const wanted = body().prompt_id;
      if (running && (wanted === undefined || wanted === running.id)) interrupt(running);
      return json(res, 200, {});
    }
    const history = /^\/history\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && history) {
      const entry = fake.history.get(history[1]!);
      return json(res, 200, entry ? { [history[1]!]: entry } : {});
    }
    if (req.method === 'GET' && path === '/view') {
      const output = fake.prompts.flatMap((p) => p.plan.outputs).find((o) => o.filename === url.searchParams.get('filename') && url.searchParams.get('type') === 'output');
      if (!output?.bytes) return json(res, 404, { error: 'not found' });
      return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(output.bytes);
    }
    json(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => void handle(req, res).catch((err: Error) => json(res, 500, { error: err.message })));
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/ws' || refuseUpgrades || fake.plan.socket === 'refused') {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const clientId = url.searchParams.get('clientId') ?? randomUUID();
      const set = sockets.get(clientId) ?? new Set();
      sockets.set(clientId, set.add(ws));
      ws.on('close', () => set.delete(ws));
      ws.send(JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: queue.length } }, sid: clientId } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
