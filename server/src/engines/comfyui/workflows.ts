// The ComfyUI workflow of each capability: an API-format graph ({nodeId: {class_type, inputs}}, as
// ComfyUI's "Export (API)" saves it) kept in workflows/, or the file of the same name in
// COMFYUI_WORKFLOWS_DIR. Read and checked once, when the engines are made, so a broken file stops
// the server instead of failing jobs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillPlaceholders, type Resolve } from '../remote/placeholders.ts';

export const WORKFLOW_NAMES = ['face-celebrities', 'face-prompt', 'image', 'swapImage', 'swapVideo', 'clothSwap', 'imageToVideo', 'music'] as const;
export type WorkflowName = (typeof WORKFLOW_NAMES)[number];

export interface GraphNode {
  class_type: string;
  inputs: Record<string, unknown>;
  _meta?: { title?: string };
}
export type Graph = Record<string, GraphNode>;
export type Workflows = Readonly<Record<WorkflowName, Graph>>;

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

/** Every workflow: the override folder's file when it has one, else the shipped one. */
export function readWorkflows(overrideDir: string | null): Workflows {
  const entries = WORKFLOW_NAMES.map((name) => {
    const own = overrideDir ? join(overrideDir, `${name}.json`) : null;
    const file = own && existsSync(own) ? own : join(SHIPPED_WORKFLOWS, `${name}.json`);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new Error(`${file}: ${(err as Error).message}`);
    }
    return [name, checkGraph(raw, file)] as const;
  });
  return Object.fromEntries(entries) as Record<WorkflowName, Graph>;
}

/** A copy of the workflow with its '{{name}}' placeholders filled. */
export async function fillWorkflow(name: WorkflowName, graph: Graph, resolve: Resolve): Promise<Graph> {
  return (await fillPlaceholders(graph, resolve, `The ${name} workflow`)) as Graph;
}
