// The capability registry (engines/registry.ts): built once, checked before the server starts, so
// a capability no configured engine can serve stops the start, naming the capability and the
// setting; and closed on shutdown, stopping the local engine's model process and thread. Also the
// facts derived from contract/capabilities.ts where they cannot be imported (the worker's list).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CAPABILITIES, CAPABILITY_NAMES } from '../../contract/capabilities.ts';
import { LONG_JOB_KINDS } from '../../contract/capability-facts.ts';
import { usageCategoryOf } from '../../server/src/billing/entitlements.ts';
import { ConfigError, loadConfig } from '../../server/src/config/index.ts';
import { SHIPPED_WORKFLOWS } from '../../server/src/engines/comfyui/workflows.ts';
import { faceDetector } from '../../server/src/engines/local/face-detect.ts';
import { garmentModel } from '../../server/src/engines/local/garment-cutout.ts';
import { upscaleModel } from '../../server/src/engines/local/upscale-model.ts';
import { localEngine } from '../../server/src/engines/local/index.ts';
import { createEngineRegistry } from '../../server/src/engines/registry.ts';
import { buildTestApp } from './support/app.ts';
import { useTestDatabase } from './support/db.ts';

const database = useTestDatabase('sqlite');
const never = new AbortController().signal;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'registry-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the registry was made');
};

describe('engine registry checks at start', () => {
  it('serves each capability from the engine GENERATION_ENGINES names', () => {
    const engines = createEngineRegistry(loadConfig({ DATA_DIR: dir, GENERATION_ENGINES: 'default=local,music=comfyui', COMFYUI_URL: 'http://127.0.0.1:9' }).generation);
    expect(CAPABILITY_NAMES.map((c) => engines.for(c).engine)).toEqual(CAPABILITY_NAMES.map((c) => (c === 'music' ? 'comfyui' : 'local')));
  });

  it('an engine with no handler for a capability sent to it: refused, naming the capability and GENERATION_ENGINES', () => {
    const { music: _music, ...rest } = localEngine;
    const message = refusal(() => createEngineRegistry(loadConfig({ DATA_DIR: dir }).generation, { local: rest }));
    expect(message).toMatch(/music: GENERATION_ENGINES sends it to local, which has no music handler/);
    expect(message).not.toMatch(/face:/);
  });

  it('a Replicate capability with no model in the models file: the server does not start, naming the capability and REPLICATE_MODELS_PATH', async () => {
    const models = join(dir, 'models.json');
    writeFileSync(models, JSON.stringify({ face: { model: 'acme/face', input: { prompt: '{{prompt}}' } } }));
    const env = { GENERATION_ENGINES: 'default=local,face=replicate,clothSwap=replicate', REPLICATE_API_TOKEN: 'r8_test', REPLICATE_MODELS_PATH: models };
    const started = buildTestApp(database.current, { env });
    await expect(started).rejects.toThrow(ConfigError);
    await expect(started).rejects.toThrow(/clothSwap: GENERATION_ENGINES sends it to replicate, but REPLICATE_MODELS_PATH \(.*models\.json\) has no model for it/);
    await expect(started).rejects.not.toThrow(/face:/);
  });

  it('a ComfyUI capability with no workflow file: refused, naming the capability and COMFYUI_WORKFLOWS_DIR', () => {
    const shipped = join(dir, 'shipped');
    mkdirSync(shipped);
    for (const file of readdirSync(SHIPPED_WORKFLOWS).filter((f) => f !== 'face-prompt.json')) copyFileSync(join(SHIPPED_WORKFLOWS, file), join(shipped, file));
    const own = join(dir, 'own');
    mkdirSync(own);
    const config = loadConfig({ DATA_DIR: dir, GENERATION_ENGINES: 'default=local,face=comfyui,swapVideo=comfyui', COMFYUI_URL: 'http://127.0.0.1:9', COMFYUI_WORKFLOWS_DIR: own }).generation;
    const message = refusal(() => createEngineRegistry(config, { shippedWorkflows: shipped }));
    expect(message).toMatch(/face: GENERATION_ENGINES sends it to comfyui, but neither COMFYUI_WORKFLOWS_DIR \(.*own\) nor .*shipped has face-prompt\.json/);
    expect(message).not.toMatch(/swapVideo/);
    // The same file in COMFYUI_WORKFLOWS_DIR serves it.
    copyFileSync(join(SHIPPED_WORKFLOWS, 'face-prompt.json'), join(own, 'face-prompt.json'));
    expect(createEngineRegistry(config, { shippedWorkflows: shipped }).for('face').engine).toBe('comfyui');
  });
});

describe('engines on shutdown', () => {
  it('closing the app stops the local engine\'s garment model and upscaler processes and face detector thread', async () => {
    const { app } = await buildTestApp(database.current);
    try {
      const { data, info } = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6ea5' } }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const pic = { data, width: info.width, height: info.height, channels: 4 as const };
      await Promise.all([garmentModel.alpha(pic, never), faceDetector.faces(pic, never), upscaleModel.upscale({ rgb: new Uint8Array(16 * 16 * 3), width: 16, height: 16 }, 2, never)]);
      const pid = garmentModel.pid;
      const upscalerPid = upscaleModel.pid;
      expect(pid).toBeTypeOf('number');
      expect(upscalerPid).toBeTypeOf('number');
      expect(faceDetector.threadId).toBeTypeOf('number');
      await app.close();
      expect(garmentModel.pid).toBeUndefined();
      expect(() => process.kill(pid!, 0)).toThrow(/ESRCH/);
      expect(upscaleModel.pid).toBeUndefined();
      expect(() => process.kill(upscalerPid!, 0)).toThrow(/ESRCH/);
      expect(faceDetector.threadId).toBeUndefined();
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('facts derived from contract/capabilities.ts', () => {
  it('the worker\'s long-job list is the long capabilities: the videos, the song and the upscale', () => {
    expect([...LONG_JOB_KINDS].sort()).toEqual(CAPABILITY_NAMES.filter((c) => CAPABILITIES[c].long).sort());
    expect([...LONG_JOB_KINDS].sort()).toEqual(['imageToVideo', 'music', 'swapVideo', 'talking', 'upscale']);
  });

  it('each job kind counts against its allowance', () => {
    expect(Object.fromEntries(CAPABILITY_NAMES.map((c) => [c, usageCategoryOf(c)]))).toEqual({
      face: 'faces', image: 'images', swapImage: 'images', clothSwap: 'images', swapVideo: 'videos', imageToVideo: 'videos', music: 'videos', upscale: 'images', talking: 'videos',
    });
    expect(() => usageCategoryOf('sharpen')).toThrow(/No allowance counts job kind 'sharpen'/);
  });
});
