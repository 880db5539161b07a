// A workflow checked as ComfyUI's POST /prompt checks it, against the node catalogue
// (catalogue.ts): the same rules and the same error shapes, read from validate_prompt and
// validate_inputs in execution.py and validate_node_input in comfy_execution/validation.py
// (Comfy-Org/ComfyUI a125cd84b054a57729b5eecab930ca9408719832, 2025-10-12). An unknown class_type
// refuses the whole prompt ("invalid_prompt"); otherwise every output node and what it links to is
// checked: required inputs present ("required_input_missing"), links of two elements pointing at an
// output slot whose type matches ("return_type_mismatch"), literal values of the right kind and in
// their list of choices. A '{{placeholder}}' is taken as filled: the values our engine puts there are
// checked by the fake ComfyUI and by the real one.
import { nodeSpec, type InputSpec, type NodeSpec } from './catalogue.ts';

export interface ComfyError {
  type: string;
  message: string;
  details: string;
  extra_info: Record<string, unknown>;
}

export interface NodeErrors {
  errors: ComfyError[];
  dependent_outputs: string[];
  class_type: string;
}

/** ComfyUI's 400 body for a refused prompt. */
export interface PromptRefusal {
  error: ComfyError;
  node_errors: Record<string, NodeErrors>;
}

export interface ValidateOptions {
  /** The files a models folder holds (a real server's choices); absent: any name is taken. */
  modelFiles?(folder: string): readonly string[] | undefined;
  /** Whether ComfyUI's input/ folder has this file; absent: any name is taken. */
  hasUpload?(name: string): boolean;
  /** The catalogue entry of a class_type (default: catalogue.ts); a fake missing a pack gives less. */
  spec?(classType: string): NodeSpec | undefined;
}

type Graph = Record<string, { class_type?: unknown; inputs?: Record<string, unknown> }>;

const PLACEHOLDER = /^\{\{\w+\}\}$/;

/** Python's str() of a list, as ComfyUI prints the choices. */
const pyList = (items: readonly (string | number)[]) => `[${items.map((i) => (typeof i === 'string' ? `'${i}'` : String(i))).join(', ')}]`;

/** validate_node_input, not strict: equal, '*', or the comma-separated sets share a type. */
export function typesMatch(received: string, wanted: string): boolean {
  if (received === wanted || received === '*' || wanted === '*') return true;
  const have = new Set(received.split(',').map((t) => t.trim()));
  return wanted.split(',').some((t) => have.has(t.trim()));
}

const typeOf = (spec: InputSpec): string => (typeof spec === 'string' ? spec : 'COMBO');

function valueProblem(name: string, spec: InputSpec, value: unknown, o: ValidateOptions): ComfyError | null {
  if (typeof value === 'string' && PLACEHOLDER.test(value)) return null;
  const info = { input_name: name, received_value: value };
  if (typeof spec === 'string') {
    const numeric = spec.split(',').some((t) => t === 'INT' || t === 'FLOAT');
    const ok = !numeric || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
      || (typeof value === 'string' && (spec.includes('FLOAT') ? /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i : /^\s*[+-]?\d+\s*$/).test(value));
    if (ok) return null;
    const kind = spec.split(',')[0];
    return { type: 'invalid_input_type', message: `Failed to convert an input value to a ${kind} value`, details: `${name}, ${String(value)}, invalid literal`, extra_info: info };
  }
  if ('upload' in spec) {
    if (!o.hasUpload || (typeof value === 'string' && o.hasUpload(value))) return null;
    return { type: 'custom_validation_failed', message: 'Custom validation failed for node', details: `${name} - ${spec.upload}: ${String(value)}`, extra_info: { input_name: name } };
  }
  const choices = 'choices' in spec ? spec.choices : o.modelFiles?.(spec.models);
  if (!choices || choices.includes(value as string | number)) return null;
  const listInfo = choices.length > 20 ? `(list of length ${choices.length})` : pyList(choices);
  return { type: 'value_not_in_list', message: 'Value not in list', details: `${name}: '${String(value)}' not in ${listInfo}`, extra_info: info };
}

/**
 * ComfyUI's verdict on a prompt: null when it would be queued, else the 400 body it answers.
 * Like ComfyUI, only what an output node needs is checked.
 */
export function validatePrompt(graph: Graph, o: ValidateOptions = {}): PromptRefusal | null {
  const specOf = o.spec ?? nodeSpec;
  const outputs: string[] = [];
  for (const [id, node] of Object.entries(graph)) {
    if (typeof node?.class_type !== 'string') {
      return { error: { type: 'invalid_prompt', message: 'Cannot execute because a node is missing the class_type property.', details: `Node ID '#${id}'`, extra_info: {} }, node_errors: {} };
    }
    const spec = specOf(node.class_type);
    if (!spec) {
      return { error: { type: 'invalid_prompt', message: `Cannot execute because node ${node.class_type} does not exist.`, details: `Node ID '#${id}'`, extra_info: {} }, node_errors: {} };
    }
    if (spec.output) outputs.push(id);
  }
  if (outputs.length === 0) return { error: { type: 'prompt_no_outputs', message: 'Prompt has no outputs', details: '', extra_info: {} }, node_errors: {} };

  const validated = new Map<string, { valid: boolean; errors: ComfyError[] }>();
  const check = (id: string): { valid: boolean; errors: ComfyError[] } => {
    const done = validated.get(id);
    if (done) return done;
    const node = graph[id]!;
    const spec = specOf(node.class_type as string)!;
    const inputs = node.inputs ?? {};
    const errors: ComfyError[] = [];
    let valid = true;
    const declared: [string, InputSpec, boolean][] = [
      ...Object.entries(spec.required).map(([k, v]) => [k, v, true] as [string, InputSpec, boolean]),
      ...Object.entries(spec.optional ?? {}).map(([k, v]) => [k, v, false] as [string, InputSpec, boolean]),
    ];
    for (const [name, input, required] of declared) {
      if (!Object.hasOwn(inputs, name)) {
        if (required) errors.push({ type: 'required_input_missing', message: 'Required input is missing', details: name, extra_info: { input_name: name } });
        continue;
      }
      const value = inputs[name];
      if (!Array.isArray(value)) {
        const problem = valueProblem(name, input, value, o);
        if (problem) errors.push(problem);
        continue;
      }
      const [from, slot] = value as unknown[];
      const source = typeof from === 'string' ? graph[from] : undefined;
      const sourceSpec = source && typeof source.class_type === 'string' ? specOf(source.class_type) : undefined;
      const received = sourceSpec && typeof slot === 'number' ? sourceSpec.outputs[slot] : undefined;
      if (value.length !== 2 || received === undefined) {
        errors.push({ type: 'bad_linked_input', message: 'Bad linked input, must be a length-2 list of [node_id, slot_index]', details: name, extra_info: { input_name: name, received_value: value } });
        continue;
      }
      if (!typesMatch(received, typeOf(input))) {
        errors.push({
          type: 'return_type_mismatch', message: 'Return type mismatch between linked nodes',
          details: `${name}, received_type(${received}) mismatch input_type(${typeOf(input)})`,
          extra_info: { input_name: name, received_type: received, linked_node: value },
        });
        continue;
      }
      if (!check(from as string).valid) valid = false;
    }
    const result = { valid: valid && errors.length === 0, errors };
    validated.set(id, result);
    return result;
  };

  const nodeErrors: Record<string, NodeErrors> = {};
  const failed: ComfyError[] = [];
  let good = 0;
  for (const output of outputs) {
    const result = check(output);
    if (result.valid) {
      good += 1;
      continue;
    }
    failed.push(...result.errors);
    for (const [id, r] of validated) {
      if (r.valid || r.errors.length === 0) continue;
      const entry = (nodeErrors[id] ??= { errors: r.errors, dependent_outputs: [], class_type: graph[id]!.class_type as string });
      entry.dependent_outputs.push(output);
    }
  }
  if (good > 0) return null;
  // As ComfyUI: the details list the output nodes' own errors; node_errors has every node's.
  const details = failed.map((e) => `${e.message}: ${e.details}`).join('\n');
  return { error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation', details, extra_info: {} }, node_errors: nodeErrors };
}

/** One line per problem, naming the node: for start-up checks and test messages. */
export function describeRefusal(refusal: PromptRefusal): string[] {
  const nodes = Object.entries(refusal.node_errors).flatMap(([id, n]) => n.errors.map((e) => `node ${id} (${n.class_type}): ${e.type}: ${e.details}`));
  return nodes.length ? nodes : [`${refusal.error.type}: ${refusal.error.message} ${refusal.error.details}`.trim()];
}
