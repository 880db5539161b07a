// The engine of each capability, as GENERATION_ENGINES chooses (local by default).
import type { GenerationConfig } from '../config.ts';
import { comfyuiEngine } from './comfyui/index.ts';
import { readWorkflows } from './comfyui/workflows.ts';
import { localEngine } from './local/index.ts';
import { readModelSpecs, replicateEngine } from './replicate/index.ts';
import type { Capability, Engine } from './types.ts';

type EngineName = GenerationConfig['engines'][Capability];

export interface EngineRegistry {
  /** The engine configured for `capability`. */
  for(capability: Capability): Engine;
}

export function createEngines(config: GenerationConfig): EngineRegistry {
  const engines: Record<EngineName, Engine | null> = {
    local: localEngine,
    replicate: config.replicate ? replicateEngine({ token: config.replicate.token, baseUrl: config.replicate.baseUrl, allowHosts: config.fetchAllowHosts, specs: readModelSpecs(config.replicate.modelsPath) }) : null,
    comfyui: config.comfyui ? comfyuiEngine({ baseUrl: config.comfyui.url, jobTimeoutMs: config.comfyui.timeoutMs, allowHosts: config.fetchAllowHosts, workflows: readWorkflows(config.comfyui.workflowsDir) }) : null,
  };
  return {
    for: (capability) => {
      const engine = engines[config.engines[capability]];
      if (!engine) throw new Error(`engine ${config.engines[capability]} is not configured`);
      return engine;
    },
  };
}
