// Capability -> handler, built once per process from GENERATION_ENGINES and checked before the
// server (or `npm run worker`) starts: a capability whose engine has no handler for it, no
// Replicate model or no ComfyUI workflow stops the start with a message naming the capability and
// the setting, instead of failing the first job of that kind. close() stops every engine made.
import { CAPABILITY_NAMES, type Capability } from '../../../contract/capabilities.ts';
import { ConfigError, type GenerationConfig } from '../config/index.ts';
import { comfyuiEngine } from './comfyui/index.ts';
import { readWorkflows, SHIPPED_WORKFLOWS, WORKFLOW_NAMES, workflowFile, workflowsOf } from './comfyui/workflows.ts';
import { localEngine } from './local/index.ts';
import { readModelSpecs, replicateEngine } from './replicate/index.ts';
import type { CapabilityCheck, Engine, Handler } from './types.ts';

type EngineName = GenerationConfig['engines'][Capability];

export interface EngineRegistry {
  /** The engine configured for `capability` and its handler (both checked at start). */
  for<C extends Capability>(capability: C): { engine: string; handler: Handler<C> };
  /** Stops every engine (model processes, threads); called when the app or worker shuts down. */
  close(): Promise<void>;
  /**
   * Asks each remote engine whether its service has what its capabilities need (ComfyUI's
   * /object_info, Replicate's model look-ups). A capability with problems is not served until the
   * next pre-flight; one that could not be checked (a warning) still is.
   */
  preflight(): Promise<PreflightEntry[]>;
  /** Why the pre-flight refused the capability, or null while it is served. */
  unavailable(capability: Capability): readonly string[] | null;
}

/** One capability's pre-flight, as engines:check prints it and /api/health shows a refusal. */
export interface PreflightEntry extends CapabilityCheck {
  capability: Capability;
  engine: string;
}

export interface RegistryOptions {
  /** The local engine (tests give one with a handler left out). */
  local?: Engine;
  /** Where the shipped ComfyUI workflows are (tests give a folder missing one). */
  shippedWorkflows?: string;
}

/** The engines GENERATION_ENGINES uses, their handlers checked; throws a ConfigError listing every capability that cannot be served. */
export function createEngineRegistry(config: GenerationConfig, options: RegistryOptions = {}): EngineRegistry {
  const problems: string[] = [];
  const sentTo = (name: EngineName) => CAPABILITY_NAMES.filter((c) => config.engines[c] === name);
  const makers: Record<EngineName, () => Engine | null> = {
    local: () => options.local ?? localEngine,
    replicate: () => {
      if (!config.replicate) return null;
      const { modelsPath } = config.replicate;
      const specs = readModelSpecs(modelsPath);
      for (const c of sentTo('replicate')) {
        if (!specs[c]) problems.push(`${c}: GENERATION_ENGINES sends it to replicate, but REPLICATE_MODELS_PATH (${modelsPath}) has no model for it`);
      }
      return replicateEngine({ token: config.replicate.token, baseUrl: config.replicate.baseUrl, allowHosts: config.fetchAllowHosts, specs });
    },
    comfyui: () => {
      if (!config.comfyui) return null;
      const { workflowsDir } = config.comfyui;
      const shipped = options.shippedWorkflows ?? SHIPPED_WORKFLOWS;
      for (const c of sentTo('comfyui')) {
        for (const name of workflowsOf(c).filter((n) => !workflowFile(n, workflowsDir, shipped))) {
          problems.push(`${c}: GENERATION_ENGINES sends it to comfyui, but neither COMFYUI_WORKFLOWS_DIR (${workflowsDir ?? 'unset'}) nor ${shipped} has ${name}.json`);
        }
      }
      // Every workflow there is gets read and checked, used or not (a broken file stops the start).
      const present = WORKFLOW_NAMES.filter((n) => workflowFile(n, workflowsDir, shipped));
      return comfyuiEngine({ baseUrl: config.comfyui.url, jobTimeoutMs: config.comfyui.timeoutMs, allowHosts: config.fetchAllowHosts, workflows: readWorkflows(workflowsDir, present, shipped) });
    },
  };

  const engines = new Map<EngineName, Engine>();
  const handlers = new Map<Capability, { engine: string; handler: Handler<Capability> }>();
  for (const c of CAPABILITY_NAMES) {
    const name = config.engines[c];
    if (!engines.has(name)) {
      const engine = makers[name]();
      if (!engine) {
        problems.push(`${c}: GENERATION_ENGINES sends it to ${name}, which is not configured`);
        continue;
      }
      engines.set(name, engine);
    }
    const engine = engines.get(name)!;
    const handler = engine[c] as Handler<Capability> | undefined;
    if (!handler) problems.push(`${c}: GENERATION_ENGINES sends it to ${name}, which has no ${c} handler`);
    else handlers.set(c, { engine: engine.name, handler: handler.bind(engine) as Handler<Capability> });
  }
  if (problems.length) throw new ConfigError(problems);

  const refused = new Map<Capability, readonly string[]>();
  return {
    for: <C extends Capability>(capability: C) => handlers.get(capability) as { engine: string; handler: Handler<C> },
    async close() {
      await Promise.all([...engines.values()].map((engine) => engine.close?.()));
    },
    async preflight() {
      const entries = await Promise.all([...engines].map(async ([name, engine]) => {
        const capabilities = sentTo(name);
        const checks: Partial<Record<Capability, CapabilityCheck>> = engine.preflight ? await engine.preflight(capabilities) : {};
        return capabilities.map((capability): PreflightEntry => ({ capability, engine: engine.name, problems: [], warnings: [], ...checks[capability] }));
      }));
      const report = entries.flat().sort((a, b) => CAPABILITY_NAMES.indexOf(a.capability) - CAPABILITY_NAMES.indexOf(b.capability));
      refused.clear();
      for (const entry of report) if (entry.problems.length > 0) refused.set(entry.capability, entry.problems);
      return report;
    },
    unavailable: (capability) => refused.get(capability) ?? null,
  };
}

/** The pre-flight as lines for the log and `npm run engines:check`. */
export function describePreflight(report: readonly PreflightEntry[]): string[] {
  return report.flatMap((e) => {
    const head = `${e.capability} (${e.engine}): ${e.problems.length ? 'NOT SERVED' : e.warnings.length ? 'served, not checked' : 'ok'}`;
    return [head, ...e.problems.map((p) => `  - ${p}`), ...e.warnings.map((w) => `  ! ${w}`)];
  });
}
