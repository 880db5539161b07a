// What a file is, by its first bytes (contract/media-type.ts), never by its name or a declared
// type. Uploads and linked media are judged here, and ffmpeg is told the format found (media/ffmpeg.ts).
import { open } from 'node:fs/promises';
import { audioTypeOf, HEAD_BYTES, imageTypeOf, videoTypeOf } from '../../../contract/media-type.ts';

export { audioTypeOf, imageTypeOf, videoTypeOf };

/** A file's class by its bytes (not the gallery's kinds: db/schema.ts MediaKind). */
export type FileClass = 'image' | 'video' | 'audio';

export interface MediaType {
  mime: string;
  ext: string;
}

/** The first bytes of a file, where the magic numbers are. */
export async function readHead(file: string, length = HEAD_BYTES): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await handle.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const TYPE_OF: Record<FileClass, (head: Buffer) => MediaType | null> = { image: imageTypeOf, video: videoTypeOf, audio: audioTypeOf };

export class UnknownMediaError extends Error {
  override name = 'UnknownMediaError';
}

/** `file`'s type by its bytes, one of `kinds`; UnknownMediaError when it is none of them. */
export async function mediaTypeOf(file: string, kinds: readonly FileClass[]): Promise<MediaType & { kind: FileClass }> {
  const head = await readHead(file);
  for (const kind of kinds) {
    const type = TYPE_OF[kind](head);
    if (type) return { ...type, kind };
  }
  throw new UnknownMediaError(`not ${kinds.join(' or ')} by its bytes`);
}
