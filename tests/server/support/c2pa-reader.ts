// An independent reader for the Content Credentials we write: c2pa-rs (the Content Authenticity
// Initiative's reference implementation) compiled to wasm, loaded from node_modules' bytes.
// It checks what c2pa-ts wrote, so a bug shared by writer and reader cannot pass unseen.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import init, { WasmReader } from '@contentauth/c2pa-wasm';

let ready: Promise<unknown> | undefined;

export interface ValidationEntry {
  code: string;
  url?: string;
  explanation?: string;
}

/** The manifest store as c2pa-rs reports it (Reader::json), with its validation results. */
export interface StatusLists {
  success: ValidationEntry[];
  informational: ValidationEntry[];
  failure: ValidationEntry[];
}

export interface ReadStore {
  active_manifest: string;
  manifests: Record<string, ReadManifest>;
  validation_status?: ValidationEntry[];
  validation_results?: {
    activeManifest?: StatusLists;
    ingredientDeltas?: { ingredientAssertionURI: string; validationDeltas: StatusLists }[];
  };
  validation_state?: string;
}

export interface ReadManifest {
  claim_generator_info?: { name: string; version?: string }[];
  title?: string;
  format?: string;
  instance_id?: string;
  assertions: { label: string; data: Record<string, unknown> }[];
  ingredients: { title?: string; format?: string; relationship?: string; instance_id?: string; active_manifest?: string; label?: string }[];
  signature_info?: { alg?: string; issuer?: string; common_name?: string; cert_serial_number?: string };
}

export async function readContentCredentials(bytes: Uint8Array, mime: string): Promise<ReadStore> {
  ready ??= (async () => {
    const wasm = await readFile(createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm'));
    await init({ module_or_path: wasm });
  })();
  await ready;
  const reader = await WasmReader.fromBytes(mime, bytes);
  try {
    return JSON.parse(reader.json()) as ReadStore;
  } finally {
    reader.free();
  }
}

/** The validation codes that are failures (c2pa-rs lists successes and informational ones apart). */
export const failureCodes = (store: ReadStore): string[] =>
  (store.validation_results?.activeManifest?.failure ?? store.validation_status ?? []).map((entry) => entry.code).sort();
