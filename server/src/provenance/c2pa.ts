// Content Credentials (C2PA) signed into every stored picture, video and song, with
// @trustnxt/c2pa-ts (pure TypeScript: no native binary or download, runs on Node 20).
// The manifest says how the file was made: c2pa.created with the IPTC digital source type for
// what we make from nothing; c2pa.opened (the user's or linked input as the parentOf ingredient)
// then c2pa.edited for what we build on outside media. A hard binding (data hash; BMFF hash for
// MP4) ties it to the exact bytes, so this runs last, after the XMP marks are written.
import { randomUUID } from 'node:crypto';
import type { Asset } from '@trustnxt/c2pa-ts/asset';
import {
  ActionAssertion,
  ActionType,
  BMFFHashAssertion,
  ClaimVersion,
  DataHashAssertion,
  ManifestStore,
  type Action,
  type DigitalSourceType as C2paDigitalSourceType,
  type HashedURI,
} from '@trustnxt/c2pa-ts/manifest';
import type { SigningCredentials } from './credentials.ts';
import { CredentialsSigner } from './credentials-signer.ts';
import { chunkOffsetMove, moveChunkOffsets } from './c2pa-bmff.ts';
import { FORMATS, prepareFormats } from './c2pa-formats.ts';
import { addIngredients } from './c2pa-ingredients.ts';
import { manifestDataRange } from './c2pa-mp3.ts';
import { digitalSourceTypeUri, type ContentCredentialsSigner, type MarkedMime, type Provenance } from './types.ts';

/** Makes the signer the runner calls for each stored output (credentials from ensureSigningCredentials). */
export function createContentCredentialsSigner(credentials: SigningCredentials): ContentCredentialsSigner {
  prepareFormats();
  const signer = new CredentialsSigner(credentials);
  return {
    async sign(bytes, mime, provenance) {
      let asset: Asset;
      const store = new ManifestStore();
      const manifest = store.createManifest({
        claimVersion: ClaimVersion.V2,
        assetFormat: mime,
        instanceID: `xmp:iid:${randomUUID()}`,
        defaultHashAlgorithm: 'SHA-256',
        signer,
      });
      const claim = manifest.claim!;
      claim.claimGeneratorName = provenance.tool.name;
      claim.claimGeneratorVersion = provenance.tool.version;
      claim.title = provenance.title;

      const ingredients = await addIngredients(store, manifest, provenance.parents);
      manifest.addAssertion(actionsAssertion(provenance, ingredients));
      const binding = mime === 'video/mp4' ? BMFFHashAssertion.createV2('jumbf manifest', 'SHA-256') : DataHashAssertion.create('SHA-256');
      manifest.addAssertion(binding);

      // The binding's own size can change once it holds the hash (BMFF): reserve again until it fits.
      let reserved = store.measureSize();
      for (let attempt = 0; ; attempt++) {
        asset = await reserveSpace(openAsset(bytes, mime), bytes, mime, reserved);
        await binding.updateWithAsset(asset);
        const needed = store.measureSize();
        if (needed === reserved) break;
        if (attempt === 2) throw new Error(`Content Credentials: the manifest size does not settle (${reserved} then ${needed} bytes)`);
        reserved = needed;
      }
      await manifest.sign(signer);
      await asset.writeManifestJUMBF(store.getBytes());
      return asset.getDataRange();
    },
  };
}

function openAsset(bytes: Uint8Array, mime: MarkedMime): Asset {
  const format = FORMATS[mime];
  if (!format) throw new Error(`Content Credentials: cannot sign ${String(mime)}`);
  if (!format.canRead(bytes)) throw new Error(`Content Credentials: the file is not ${mime}`);
  // A copy: c2pa-ts writes into the buffer it is given when the room is already the right size.
  return format.make(new Uint8Array(bytes));
}

/** Makes room for the manifest store; for MP4 also moves the chunk offsets (see c2pa-bmff.ts). */
async function reserveSpace(asset: Asset, bytes: Uint8Array, mime: MarkedMime, size: number): Promise<Asset> {
  await asset.ensureManifestSpace(size);
  if (mime === 'audio/mpeg') {
    const range = manifestDataRange(await asset.getDataRange());
    if (!range) throw new Error('Content Credentials: the MP3 has no room for the manifest store after reserving it');
    asset.getHashExclusionRange = () => range;
  }
  if (mime !== 'video/mp4') return asset;
  // getDataRange() is the asset's own buffer (c2pa-ts 0.9), so the offsets are fixed in place.
  moveChunkOffsets(await asset.getDataRange(), chunkOffsetMove(bytes, asset.getHashExclusionRange().length));
  return asset;
}

function actionsAssertion(provenance: Provenance, ingredients: HashedURI[]): ActionAssertion {
  const digitalSourceType = digitalSourceTypeUri(provenance.digitalSourceType) as C2paDigitalSourceType;
  const softwareAgent = { name: provenance.tool.name, version: provenance.tool.version };
  const description = `Made by the ${provenance.tool.engine} engine`;
  const actions: Action[] =
    ingredients.length === 0
      ? [{ action: ActionType.C2paCreated, digitalSourceType, softwareAgent, parameters: { description } }]
      : [
          { action: ActionType.C2paOpened, softwareAgent, parameters: { ingredients: ingredients.slice(0, 1) } },
          {
            action: ActionType.C2paEdited,
            digitalSourceType,
            softwareAgent,
            parameters: { description, ...(ingredients.length > 1 ? { ingredients: ingredients.slice(1) } : {}) },
          },
        ];
  const assertion = new ActionAssertion();
  assertion.actions.push(...actions);
  return assertion;
}
