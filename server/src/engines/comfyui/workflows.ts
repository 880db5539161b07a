// The ComfyUI workflow of each capability: an API-format graph ({nodeId: {class_type, inputs}}, as
// ComfyUI's "Export (API)" saves it) kept in workflows/, or the file of the same name in
// COMFYUI_WORKFLOWS_DIR. Read and checked once, when the engines are made (engines/registry.ts),
// so a broken file, or none for a capability sent to comfyui, stops the server instead of failing jobs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CAPABILITY_NAMES, type Capability } from '../../../../contract/capabilities.ts';
import { fillPlaceholders, type Resolve } from '../remote/placeholders.ts';

/** The workflow of each capability, by file name; a face is drawn from celebrity names or from a prompt. */
const WORKFLOWS_OF = { face: ['face-celebrities', 'face-prompt'] } as const satisfies Partial<Record<Capability, readonly string[]>>;
export type WorkflowName = Exclude<Capability, keyof typeof WORKFLOWS_OF> | (typeof WORKFLOWS_OF)[keyof typeof WORKFLOWS_OF][number];

export const workflowsOf = (capability: Capability): readonly WorkflowName[] =>
  capability in WORKFLOWS_OF ? WORKFLOWS_OF[capability as keyof typeof WORKFLOWS_OF] : [capability as WorkflowName];

export const WORKFLOW_NAMES: readonly WorkflowName[] = CAPABILITY_NAMES.flatMap(workflowsOf);

export interface GraphNode {
  class_type: string;
  inputs: Record<string, unknown>;
  _meta?: { title?: string };
}
export type Graph = Record<string, GraphNode>;
/** The workflows read (engines/registry.ts has checked that every capability sent to comfyui has its own). */
export type Workflows = Readonly<Partial<Record<WorkflowName, Graph>>>;

export const SHIPPED_WORKFLOWS = fileURLToPath(new URL('./workflows', import.meta.url));

/** A parsed file as a graph, or an error naming the file and the node at fault. */
export function checkGraph(raw: unknown, file: string): Graph {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || Object.keys(raw).length === 0) throw new Error(`${file}: not a ComfyUI API-format workflow (an object of nodes)`);
  for (const [id, node] of Object.entries(raw)) {
    const n = node as Partial<GraphNode> | null;
    if (typeof n?.class_type !== 'string' || !n.inputs || typeof n.inputs !== 'object') {
      throw new Error(`${file}: node ${id} needs a class_type and an inputs object (save the workflow with "Export (API)")`);
    }
  }
  return raw as Graph;
}

/** The file a workflow is read from: the override folder's when it has one, else the shipped one; null when neither exists. */
export function workflowFile(name: WorkflowName, overrideDir: string | null, shippedDir = SHIPPED_WORKFLOWS): string | null {
  const own = overrideDir ? join(overrideDir, `${name}.json`) : null;
  if (own && existsSync(own)) return own;
  const shipped = join(shippedDir, `${name}.json`);
  return existsSync(shipped) ? shipped : null;
}

/** The named workflows (default: every one), each from workflowFile. */
export function readWorkflows(overrideDir: string | null, names: readonly WorkflowName[] = WORKFLOW_NAMES, shippedDir = SHIPPED_WORKFLOWS): Workflows {
  const entries = names.map((name) => {
    const file = workflowFile(name, overrideDir, shippedDir) ?? join(shippedDir, `${name}.json`);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new Error(`${file}: ${(err as Error).message}`);
    }
    return [name, checkGraph(raw, file)] as const;
  });
  return Object.fromEntries(entries) as Partial<Record<WorkflowName, Graph>>;
}

/** A copy of the workflow with its '{{name}}' placeholders filled. */
export async function fillWorkflow(name: WorkflowName, graph: Graph, resolve: Resolve): Promise<Graph> {
  return (await fillPlaceholders(graph, resolve, `The ${name} workflow`)) as Graph;
}
