// The replicate engine's pre-flight: each capability's model looked up (GET /models/{owner}/{name})
// and, for a community model, its version (GET /models/{owner}/{name}/versions/{id}). A 404 means
// Replicate has no such model or version we may see (missing, or someone else's private model): the
// capability is refused, naming it; so is a community model (`is_official: false`, the Model of
// replicate-javascript 2fd6f39's index.d.ts) named without a version, which only runs by version. Anything else failing (no network, 5xx) is only a warning: the
// service may be back by the time a job comes.
import { PREFLIGHT_TIMEOUT_MS, type Capability, type CapabilityCheck } from '../types.ts';
import type { ReplicateClient } from './client.ts';
import type { ModelSpecs } from './index.ts';

export async function checkModels(client: ReplicateClient, specs: ModelSpecs, capabilities: readonly Capability[]): Promise<Partial<Record<Capability, CapabilityCheck>>> {
  const checks = await Promise.all(capabilities.map(async (capability): Promise<[Capability, CapabilityCheck]> => {
    const check: CapabilityCheck = { problems: [], warnings: [] };
    const spec = specs[capability];
    if (!spec) return [capability, { problems: ['no model is configured for it'], warnings: [] }];
    const named = spec.version ? `${spec.model}:${spec.version}` : spec.model;
    const signal = AbortSignal.timeout(PREFLIGHT_TIMEOUT_MS);
    try {
      const model = await client.model(spec.model, signal);
      if (!model) check.problems.push(`Replicate has no model ${spec.model} this token may use (missing or private)`);
      else if (!spec.version && model.is_official === false) check.problems.push(`${spec.model} is a community model: it runs only at a version ('${spec.model}:<version>')`);
      else if (spec.version && !(await client.hasVersion(spec.model, spec.version, signal))) check.problems.push(`Replicate's ${spec.model} has no version ${spec.version}`);
    } catch (err) {
      check.warnings.push(`${named} could not be looked up: ${(err as Error).message}`);
    }
    return [capability, check];
  }));
  return Object.fromEntries(checks);
}
