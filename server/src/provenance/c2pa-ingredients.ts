// The outside media an output is built on, as C2PA ingredients: the first parent is the parentOf
// ingredient (c2pa.opened), the others componentOf. Each carries its title, format and the
// SHA-256 of its bytes (as its instance ID). A parent with its own Content Credentials brings its
// manifests into ours: the ingredient points at its active manifest and claim signature (hashed
// references) with the results of validating it, so verifiers show the chain of provenance.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Asset } from '@trustnxt/c2pa-ts/asset';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import { IngredientAssertion, ManifestStore, RelationshipType, type HashedURI, type Manifest, type ValidationResult } from '@trustnxt/c2pa-ts/manifest';
import { FORMATS } from './c2pa-formats.ts';
import type { ProvenanceParent } from './types.ts';

type StatusEntry = NonNullable<IngredientAssertion['validationResults']>['activeManifest']['success'][number];

/**
 * Adds the ingredient assertions to `manifest` (the store's active one) and the parents' own
 * manifests to `store`, ahead of it. Returns the references the actions name.
 */
export async function addIngredients(store: ManifestStore, manifest: Manifest, parents: ProvenanceParent[]): Promise<HashedURI[]> {
  const references: HashedURI[] = [];
  for (const [index, parent] of parents.entries()) {
    const bytes = await readFile(parent.path);
    const ingredient = IngredientAssertion.createV3(index === 0 ? RelationshipType.ParentOf : RelationshipType.ComponentOf);
    ingredient.title = parent.title;
    ingredient.format = parent.mime;
    ingredient.instanceID = `xmp:iid:sha256-${createHash('sha256').update(bytes).digest('hex')}`;
    const own = await ownCredentials(bytes);
    if (own) {
      // Ours stays last (the active manifest); a manifest two parents share is carried once.
      const carried = own.manifests.filter((m) => !store.manifests.some((kept) => kept.label === m.label));
      store.manifests.splice(store.manifests.length - 1, 0, ...carried);
      ingredient.activeManifest = manifest.createHashedReference(`/c2pa/${own.active.label}`);
      ingredient.claimSignature = manifest.createHashedReference(`/c2pa/${own.active.label}/${own.active.signature!.label}`);
      ingredient.validationResults = { activeManifest: statusMaps(own.validation) };
    }
    if (index > 0) ingredient.labelSuffix = index;
    manifest.addAssertion(ingredient);
    references.push(manifest.createAssertionReference(ingredient));
  }
  return references;
}

/** A file's own manifest store, when it carries one we can read, and how it validates. */
async function ownCredentials(bytes: Uint8Array): Promise<{ manifests: Manifest[]; active: Manifest; validation: ValidationResult } | undefined> {
  const reader = Object.values(FORMATS).find((candidate) => candidate.canRead(bytes));
  if (!reader) return undefined;
  let store: ManifestStore;
  let asset: Asset;
  try {
    asset = reader.make(bytes);
    const jumbf = asset.getManifestJUMBF();
    if (!jumbf) return undefined;
    store = ManifestStore.read(SuperBox.fromBuffer(jumbf as Uint8Array<ArrayBuffer>));
  } catch {
    return undefined; // unreadable credentials: the ingredient is treated as having none
  }
  const active = store.getActiveManifest();
  if (!active?.label || !active.signature) return undefined;
  return { manifests: [...store.manifests], active, validation: await store.validate(asset) };
}

// c2pa-ts does not check the chain of trust yet: its "trusted" codes are left out rather than claimed.
const UNCHECKED = new Set(['signingCredential.trusted', 'timeStamp.trusted']);

function statusMaps(validation: ValidationResult) {
  const maps = { success: [] as StatusEntry[], informational: [] as StatusEntry[], failure: [] as StatusEntry[] };
  for (const { code, url, explanation, success } of validation.statusEntries) {
    if (UNCHECKED.has(code)) continue;
    const entry = { code, ...(url ? { url } : {}), ...(explanation ? { explanation } : {}) } as StatusEntry;
    (success === false ? maps.failure : maps.success).push(entry);
  }
  return maps;
}
