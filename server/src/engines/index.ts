// The engine of each capability, as GENERATION_ENGINES chooses (local by default).
import type { GenerationConfig } from '../config.ts';
import { localEngine } from './local/index.ts';
import type { Capability, Engine } from './types.ts';

const ENGINES: Readonly<Record<GenerationConfig['engines'][Capability], Engine>> = { local: localEngine };

export interface EngineRegistry {
  /** The engine configured for `capability`. */
  for(capability: Capability): Engine;
}

export function createEngines(config: GenerationConfig): EngineRegistry {
  return { for: (capability) => ENGINES[config.engines[capability]] };
}
