// What a real ComfyUI lacks for a workflow, read from its GET /object_info (every node it has
// loaded, with its inputs; a loader's list of choices is the model files it can see): the node
// packs to install (named with their repositories, from catalogue.ts, as ComfyUI-Manager's
// "install missing custom nodes" lists them), the model files to put in which models/ folder, and
// what the workflow gets wrong against the nodes as that server has them (an input renamed by a
// newer pack), found by validate.ts with the server's own node definitions.
import { nodeSpec, PACKS, type InputSpec, type NodeSpec } from './catalogue.ts';
import { describeRefusal, validatePrompt } from './validate.ts';
import type { Graph } from './workflows.ts';

/** GET /object_info: node definitions by class_type (only the parts read here). */
export type ObjectInfo = Record<string, { input?: Record<string, Record<string, unknown>>; output?: unknown[]; output_node?: boolean }>;

const PLACEHOLDER = /^\{\{(\w+)\}\}$/;

/** One model file a workflow loads: the node and input naming it, and the folder it is read from. */
export interface NeededModel {
  node: string;
  classType: string;
  input: string;
  folder: string;
  file: string;
}

/**
 * Every model file the workflow names in a loader input (catalogue `models` inputs); a placeholder
 * there stands for each of the names our engine may put in (`placeholderValues`).
 */
export function neededModels(graph: Graph, placeholderValues: Readonly<Record<string, readonly string[]>> = {}): NeededModel[] {
  const needed: NeededModel[] = [];
  for (const [node, { class_type: classType, inputs }] of Object.entries(graph)) {
    const spec = nodeSpec(classType);
    for (const [input, kind] of Object.entries({ ...spec?.required, ...spec?.optional })) {
      if (typeof kind !== 'object' || !('models' in kind) || typeof inputs[input] !== 'string') continue;
      const value = inputs[input] as string;
      const names = PLACEHOLDER.test(value) ? (placeholderValues[PLACEHOLDER.exec(value)![1]!] ?? []) : [value];
      for (const file of names) needed.push({ node, classType, input, folder: kind.models, file });
    }
  }
  return needed;
}

/** A server's node definition in the catalogue's terms (a list, or V3's ['COMBO', {options}], is a list of choices). */
function specFromInfo(info: ObjectInfo[string]): NodeSpec {
  const inputs = (group: string) => {
    const out: Record<string, InputSpec> = {};
    for (const [name, raw] of Object.entries(info.input?.[group] ?? {})) {
      const [type, options] = Array.isArray(raw) ? raw : [raw];
      if (Array.isArray(type)) out[name] = { choices: type as (string | number)[] };
      else if (type === 'COMBO') out[name] = { choices: ((options as { options?: (string | number)[] } | undefined)?.options ?? []) };
      else out[name] = String(type);
    }
    return out;
  };
  return { pack: 'core', source: '/object_info', required: inputs('required'), optional: inputs('optional'), outputs: (info.output ?? []).map((t) => (Array.isArray(t) ? 'COMBO' : String(t))), ...(info.output_node ? { output: true as const } : {}) };
}

/** The choices a server lists for a node's input, or undefined when it lists none. */
function choicesOf(info: ObjectInfo[string] | undefined, input: string): readonly unknown[] | undefined {
  const raw = info?.input?.required?.[input] ?? info?.input?.optional?.[input];
  if (!Array.isArray(raw)) return undefined;
  if (Array.isArray(raw[0])) return raw[0] as unknown[];
  if (raw[0] === 'COMBO') return (raw[1] as { options?: unknown[] } | undefined)?.options;
  return undefined;
}

/**
 * What `file` (a workflow's file name) needs that the server at hand lacks, one sentence each;
 * empty when it can run there.
 */
export function workflowProblems(file: string, graph: Graph, info: ObjectInfo, placeholderValues: Readonly<Record<string, readonly string[]>> = {}): string[] {
  const missing = [...new Set(Object.values(graph).map((n) => n.class_type))].filter((c) => !Object.hasOwn(info, c));
  if (missing.length > 0) {
    const byPack = new Map<string, string[]>();
    for (const classType of missing) {
      const pack = nodeSpec(classType)?.pack;
      const label = pack ? `node pack ${PACKS[pack].name} (${PACKS[pack].repository})` : 'nodes not in Persona Studio\'s catalogue (install the pack the workflow came from)';
      byPack.set(label, [...(byPack.get(label) ?? []), classType]);
    }
    return [...byPack].map(([label, nodes]) => `${file}: ${label} is missing: ${nodes.join(', ')}`);
  }
  const problems: string[] = [];
  const modelInputs = new Set<string>();
  for (const m of neededModels(graph, placeholderValues)) {
    modelInputs.add(`${m.node}/${m.input}`);
    const choices = choicesOf(info[m.classType], m.input);
    if (choices && !choices.includes(m.file)) problems.push(`${file}: model file models/${m.folder}/${m.file} is missing (${m.classType}.${m.input})`);
  }
  // The workflow against the server's own node definitions; model names are said above.
  const refusal = validatePrompt(graph, { spec: (c) => (Object.hasOwn(info, c) ? specFromInfo(info[c]!) : undefined) });
  if (refusal) {
    const modelRefusals = new Set(Object.entries(refusal.node_errors).flatMap(([id, n]) => n.errors.filter((e) => e.type === 'value_not_in_list' && modelInputs.has(`${id}/${String(e.extra_info.input_name)}`))));
    const rest = { ...refusal, node_errors: Object.fromEntries(Object.entries(refusal.node_errors).map(([id, n]) => [id, { ...n, errors: n.errors.filter((e) => !modelRefusals.has(e)) }])) };
    if (Object.values(rest.node_errors).some((n) => n.errors.length > 0) || Object.keys(rest.node_errors).length === 0) problems.push(...describeRefusal(rest).map((line) => `${file}: ${line}`));
  }
  return problems;
}
