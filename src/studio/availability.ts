// Which capabilities the server serves now: GET /api/health lists those its engine pre-flight
// refused (a ComfyUI without a node pack or model file, a Replicate model that does not exist).
// Asked once per page load, when a studio screen first wants to know (nothing happens on import);
// until the answer comes, or when it cannot be had (offline), every capability counts as served.
import { useSyncExternalStore } from 'react';
import type { Capability } from '../../contract/capabilities';
import type { HealthResponse } from '../../contract/health';
import { API_BASE } from '../api/client';

let unavailable: ReadonlySet<string> = new Set();
let asked = false;
const listeners = new Set<() => void>();

function ask(): void {
  if (asked) return;
  asked = true;
  void fetch(`${API_BASE}/health`, { cache: 'no-store' })
    .then((res) => res.json() as Promise<HealthResponse>)
    .then((health) => {
      unavailable = new Set((health.unavailable ?? []).map((u) => u.capability));
      for (const listener of listeners) listener();
    })
    .catch(() => undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  ask();
  return () => listeners.delete(listener);
}

/** Whether the server refuses `capability` now (false until known). */
export function useCapabilityUnavailable(capability: Capability | undefined): boolean {
  return useSyncExternalStore(subscribe, () => capability !== undefined && unavailable.has(capability), () => false);
}
