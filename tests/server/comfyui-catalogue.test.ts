// The ComfyUI workflows against the node catalogue read from the packs (catalogue.ts): every
// shipped workflow passes ComfyUI's own checks (validate.ts); each fault issue 41 found fails them
// and is refused by the fake ComfyUI with ComfyUI's error shapes; the pre-flight names a missing
// node pack or model file from a server's /object_info, and the server then refuses that capability
// (503, /api/health) without storing anything.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CAPABILITY_UNAVAILABLE } from '../../contract/health.ts';
import { CATALOGUE, PACKS } from '../../server/src/engines/comfyui/catalogue.ts';
import { comfyuiEngine } from '../../server/src/engines/comfyui/index.ts';
import { validatePrompt, type PromptRefusal } from '../../server/src/engines/comfyui/validate.ts';
import { readWorkflows, type Graph } from '../../server/src/engines/comfyui/workflows.ts';
import { engineOptions } from './support/comfyui-media.ts';
import { useTestDatabase } from './support/db.ts';
import { startFakeComfy, type FakeComfy } from './support/fake-comfyui.ts';
import { studioApp } from './support/studio.ts';

const database = useTestDatabase('sqlite');
const shipped = readWorkflows(null);
let fake: FakeComfy;
beforeEach(async () => {
  fake = await startFakeComfy();
});
afterEach(() => fake.close());

const copy = (graph: Graph | undefined): Graph => structuredClone(graph!);

/** The fake's answer to a prompt, as ComfyUI's POST /prompt gives it. */
async function submitted(graph: Graph): Promise<{ status: number; body: PromptRefusal }> {
  const res = await fetch(`${fake.url}/prompt`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt: graph, client_id: 'test' }) });
  return { status: res.status, body: (await res.json()) as PromptRefusal };
}

/** Placeholders as our engine fills them (loaders' files uploaded to the fake first). */
async function filled(graph: Graph): Promise<Graph> {
  const text = JSON.stringify(graph).replace(/"\{\{(\w+)\}\}"/g, (_, name: string) => {
    const upload = `persona-test-${name}.bin`;
    fake.uploads.set(upload, Buffer.from('x'));
    if (name === 'seed' || name === 'scale') return '7';
    if (name === 'model') return '"RealESRGAN_x4plus.pth"';
    return ['face', 'target', 'person', 'garment', 'image', 'song', 'audio', 'voice', 'instrumental'].includes(name) ? `"${upload}"` : '"words"';
  });
  return JSON.parse(text.replace(/\{\{\w+\}\}/g, 'words')) as Graph;
}

describe('the node catalogue and the shipped workflows', () => {
  it('every pack is cited by repository and commit; every shipped workflow uses only catalogued nodes and passes ComfyUI\'s checks', async () => {
    for (const pack of Object.values(PACKS)) {
      expect(pack.repository).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
      expect(pack.commit).toMatch(/^[0-9a-f]{40}$/);
    }
    expect(Object.keys(shipped).sort()).toEqual(['clothSwap', 'face-celebrities', 'face-prompt', 'image', 'imageToVideo', 'music', 'swapImage', 'swapVideo', 'talking', 'upscale']);
    for (const [name, graph] of Object.entries(shipped)) {
      for (const node of Object.values(graph!)) expect(Object.hasOwn(CATALOGUE, node.class_type), `${name}: ${node.class_type}`).toBe(true);
      expect(validatePrompt(graph!), name).toBeNull();
      // Filled as a job fills it, the fake (ComfyUI's rules, every model file there) queues it.
      const answer = await submitted(await filled(graph!));
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });
});

describe('each fault of issue 41 fails the validator and is refused by the fake as ComfyUI refuses it', () => {
  const cases: [string, () => Graph, (r: PromptRefusal) => void][] = [
    ['talking.json naming the MuseTalk nodes that no longer exist', () => {
      const g = copy(shipped.talking);
      g['8']!.class_type = 'muse_talk_model_loader';
      return g;
    }, (r) => {
      expect(r.error).toEqual({ type: 'invalid_prompt', message: 'Cannot execute because node muse_talk_model_loader does not exist.', details: "Node ID '#8'", extra_info: {} });
      expect(r.node_errors).toEqual({});
    }],
    ['the MuseTalk sampler given its old input name', () => {
      const g = copy(shipped.talking);
      const { model, ...rest } = g['10']!.inputs;
      g['10']!.inputs = { ...rest, muse_talk_model: model };
      return g;
    }, (r) => {
      expect(r.error.type).toBe('prompt_outputs_failed_validation');
      expect(r.node_errors['10']).toEqual({ errors: [{ type: 'required_input_missing', message: 'Required input is missing', details: 'model', extra_info: { input_name: 'model' } }], dependent_outputs: ['11'], class_type: 'muse_talk_sampler' });
    }],
    ['AUDIO joined to MuseTalk\'s VHS_AUDIO without VHS_AudioToVHSAudio', () => {
      const g = copy(shipped.talking);
      g['6']!.inputs.vhs_audio = ['5', 0];
      delete g['12'];
      return g;
    }, (r) => {
      const [error] = r.node_errors['6']!.errors;
      expect(error).toMatchObject({ type: 'return_type_mismatch', message: 'Return type mismatch between linked nodes', details: 'vhs_audio, received_type(AUDIO) mismatch input_type(VHS_AUDIO)' });
      expect(error!.extra_info).toMatchObject({ input_name: 'vhs_audio', received_type: 'AUDIO', linked_node: ['5', 0] });
    }],
    ['clothSwap.json without SegmentAnythingUltra V2\'s cache_model', () => {
      const g = copy(shipped.clothSwap);
      delete g['3']!.inputs.cache_model;
      return g;
    }, (r) => {
      expect(r.node_errors['3']!.class_type).toBe('LayerMask: SegmentAnythingUltra V2');
      expect(r.node_errors['3']!.errors).toEqual([{ type: 'required_input_missing', message: 'Required input is missing', details: 'cache_model', extra_info: { input_name: 'cache_model' } }]);
    }],
    ['a choice input with no value, and one with a value not among its choices', () => {
      const g = copy(shipped['face-prompt']);
      delete g['3']!.inputs.sampler_name;
      g['3']!.inputs.scheduler = 'karas';
      return g;
    }, (r) => {
      expect(r.node_errors['3']!.errors.map((e) => [e.type, e.details])).toEqual([
        ['required_input_missing', 'sampler_name'],
        ['value_not_in_list', "scheduler: 'karas' not in ['simple', 'sgm_uniform', 'karras', 'exponential', 'ddim_uniform', 'beta', 'normal', 'linear_quadratic', 'kl_optimal']"],
      ]);
    }],
  ];
  for (const [name, make, expectRefusal] of cases) {
    it(name, async () => {
      const graph = make();
      const refusal = validatePrompt(graph);
      expect(refusal).not.toBeNull();
      expectRefusal(refusal!);
      const answer = await submitted(await filled(graph));
      expect(answer.status).toBe(400);
      expectRefusal(answer.body);
    });
  }
});

describe('the comfyui pre-flight', () => {
  it('names the node pack (with its repository) and the model files a server lacks, per capability; an unreachable server is only a warning', async () => {
    fake.installed.delete('museTalk');
    fake.models.upscale_models = ['RealESRGAN_x2plus.pth'];
    const engine = comfyuiEngine(engineOptions(fake.url));
    const checks = await engine.preflight!(['talking', 'upscale', 'face', 'clothSwap']);
    expect(checks.talking).toEqual({
      problems: ['talking.json: node pack ComfyUI-MuseTalk-KJ (https://github.com/kijai/ComfyUI-MuseTalk-KJ) is missing: vhs_audio_to_audio_tensor, whisper_to_features, UNETLoader_MuseTalk, muse_talk_sampler'],
      warnings: [],
    });
    expect(checks.upscale).toEqual({ problems: ['upscale.json: model file models/upscale_models/RealESRGAN_x4plus.pth is missing (UpscaleModelLoader.model_name)'], warnings: [] });
    expect(checks.face).toEqual({ problems: [], warnings: [] });
    expect(checks.clothSwap).toEqual({ problems: [], warnings: [] });

    fake.installed.delete('layerStyleAdvance');
    fake.installed.delete('catVton');
    fake.models.checkpoints = [];
    const more = await engine.preflight!(['clothSwap', 'face']);
    expect(more.clothSwap!.problems).toEqual([
      'clothSwap.json: node pack ComfyUI_LayerStyle_Advance (https://github.com/chflame163/ComfyUI_LayerStyle_Advance) is missing: LayerMask: SegmentAnythingUltra V2',
      'clothSwap.json: node pack ComfyUI_CatVTON_Wrapper (https://github.com/chflame163/ComfyUI_CatVTON_Wrapper) is missing: CatVTONWrapper',
    ]);
    // Both face workflows load the SDXL checkpoint.
    expect(more.face!.problems).toEqual([
      'face-celebrities.json: model file models/checkpoints/sd_xl_base_1.0.safetensors is missing (CheckpointLoaderSimple.ckpt_name)',
      'face-prompt.json: model file models/checkpoints/sd_xl_base_1.0.safetensors is missing (CheckpointLoaderSimple.ckpt_name)',
    ]);

    const gone = await comfyuiEngine(engineOptions('http://127.0.0.1:9')).preflight!(['face']);
    expect(gone.face!.problems).toEqual([]);
    expect(gone.face!.warnings[0]).toMatch(/^ComfyUI's \/object_info could not be read: ComfyUI could not be reached/);
  });

  it('a refused capability answers 503 with the message, stores nothing, and is listed in /api/health; the others are served', async () => {
    fake.models.checkpoints = [];
    const t = await studioApp(database.current, { GENERATION_ENGINES: 'default=local,face=comfyui,upscale=comfyui', COMFYUI_URL: fake.url });
    try {
      const u = await t.user('preflight@example.com');
      const res = await t.call(u, '/api/generate-face-prompt/', { user_id: u.userId, prompt: 'silver hair' });
      expect([res.statusCode, res.json()]).toEqual([503, { error: CAPABILITY_UNAVAILABLE }]);
      expect(fake.calls.filter((c) => c.startsWith('POST'))).toEqual([]);
      const batch = await t.call(u, '/api/batches', { call: '/generate-face-prompt/', items: [{ user_id: u.userId, prompt: 'a' }] });
      expect(batch.statusCode).toBe(503);
      const jobs = await t.get(u, '/api/jobs');
      expect((jobs.json() as { jobs: unknown[] }).jobs).toEqual([]);

      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json().unavailable).toEqual([{
        capability: 'face', engine: 'comfyui',
        problems: [
          'face-celebrities.json: model file models/checkpoints/sd_xl_base_1.0.safetensors is missing (CheckpointLoaderSimple.ckpt_name)',
          'face-prompt.json: model file models/checkpoints/sd_xl_base_1.0.safetensors is missing (CheckpointLoaderSimple.ckpt_name)',
        ],
      }]);
      // The face calls for men are the same capability; another capability on the same server, and the local ones, are served.
      const men = await t.call(u, '/api/generate_face_prompt_men/', { user_id: u.userId, prompt: 'x' });
      expect(men.statusCode).toBe(503);
      expect(t.app.jobs.engines.unavailable('upscale')).toBeNull();
      expect(t.app.jobs.engines.unavailable('image')).toBeNull();
    } finally {
      await t.app.close();
    }
  });
});
