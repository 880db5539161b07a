// The AI marks on a finished output, before it is stored: the IPTC XMP (contract/provenance/)
// written into the file, then, when the deployment has one, a C2PA manifest signed over those
// bytes. A WebP from a remote engine becomes a PNG first: every stored output carries the marks,
// and the marks are written in PNG, JPEG, MP4 and MP3 only.
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { buildXmpPacket, containerOf, writeXmp, type MarkableContainer } from '../../../contract/provenance/index.ts';
import type { Settings } from '../config/index.ts';
import type { EngineFile } from '../engines/types.ts';
import { createContentCredentialsSigner } from './c2pa.ts';
import { ensureSigningCredentials } from './credentials.ts';
import { digitalSourceTypeUri, type ContentCredentialsSigner, type MarkedMime, type Provenance } from './types.ts';

export type { ContentCredentialsSigner, Provenance } from './types.ts';
export { provenanceOf } from './source-type.ts';
export { SigningCredentialsError } from './credentials.ts';

/**
 * The start-time step that makes the signer every job's output is signed with: the operator's key
 * and chain (C2PA_SIGNING_KEY_FILE, C2PA_SIGNING_CHAIN_FILE), checked, or the local chain in
 * DATA_DIR/c2pa/, made on the first start. Throws SigningCredentialsError naming what is wrong.
 */
export async function startContentCredentials(settings: Pick<Settings, 'dataDir' | 'c2pa'>): Promise<ContentCredentialsSigner> {
  const { keyFile, chainFile, organization } = settings.c2pa;
  const credentials = await ensureSigningCredentials({
    dataDir: settings.dataDir,
    keyFile: keyFile ?? undefined,
    chainFile: chainFile ?? undefined,
    organization: organization || undefined,
  });
  return createContentCredentialsSigner(credentials);
}

export interface MarkedFile {
  path: string;
  mime: MarkedMime;
}

const MIME: Record<MarkableContainer, MarkedMime> = { png: 'image/png', jpeg: 'image/jpeg', mp4: 'video/mp4', mp3: 'audio/mpeg' };

/** The XMP packet of an output made as `provenance` says. */
export function xmpPacketOf(provenance: Provenance): string {
  const { tool } = provenance;
  return buildXmpPacket({
    digitalSourceType: digitalSourceTypeUri(provenance.digitalSourceType),
    creatorTool: `${tool.name} ${tool.version} (${tool.engine} engine)`,
    title: provenance.title,
  });
}

/** Marks the engine's file in place (a WebP is replaced by a PNG beside it); answers what to store. */
export async function markOutput(file: EngineFile, provenance: Provenance, signer: ContentCredentialsSigner | null): Promise<MarkedFile> {
  let bytes: Uint8Array = await readFile(file.path);
  let path = file.path;
  if (file.mime === 'image/webp') {
    bytes = await sharp(bytes).png().toBuffer();
    path = `${file.path.replace(/\.webp$/i, '')}.png`;
  }
  // What the bytes are, not what the engine said.
  const container = containerOf(bytes);
  if (!container) throw new Error(`the output (${file.mime}) is not a PNG, JPEG, MP4 or MP3 file: it cannot be marked`);
  const mime = MIME[container];
  let marked = writeXmp(bytes, xmpPacketOf(provenance));
  if (signer) marked = await signer.sign(marked, mime, provenance);
  await writeFile(path, marked);
  return { path, mime };
}
