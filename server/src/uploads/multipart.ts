// Multipart bodies with files, for every route that takes uploads (the studio's multipart calls,
// the characters' uploads): file parts stream to a temporary folder under random names while the
// body is parsed, only under the names the route declares (config.fileFields; issue 40: a part's
// name once became a path), and the folder goes when the response is sent.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unexpectedFileField } from './fields.ts';

/** A file part as the body holds it once parsed. */
export interface UploadedFile {
  file: string;
  bytes: number;
  /** Cut at the size limit: too large. */
  truncated: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    uploadDir?: string;
  }
  interface FastifyContextConfig {
    /** A multipart route's file parts; any other file part is refused. */
    fileFields?: readonly string[];
  }
}

export const isUpload = (value: unknown): value is UploadedFile => typeof value === 'object' && value !== null && 'file' in value && 'truncated' in value;

/** Registers @fastify/multipart in `app`'s context with file parts written to a temporary folder; `maxFileBytes` cuts a file short (and marks it). */
export async function registerFileParts(app: FastifyInstance, limits: { maxFileBytes: number; files: number; fields: number }): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // Over the limit a file is cut short and marked, and the handler says which file was too large.
    throwFileSizeLimit: false,
    limits: { fileSize: limits.maxFileBytes + 1, files: limits.files, fields: limits.fields, fieldSize: 64 * 1024, parts: limits.files + limits.fields },
    async onFile(this: FastifyRequest, part: MultipartFile & { value?: unknown }) {
      if (!this.routeOptions.config.fileFields?.includes(part.fieldname)) {
        // Drained unread: not a byte of it is written anywhere.
        part.file.resume();
        throw unexpectedFileField(part.fieldname);
      }
      this.uploadDir ??= await mkdtemp(join(tmpdir(), 'persona-upload-'));
      // A random name only: the client's part name and filename never reach the file system.
      const file = join(this.uploadDir, randomBytes(16).toString('hex'));
      await pipeline(part.file, createWriteStream(file, { mode: 0o600 }));
      part.value = { file, bytes: part.file.bytesRead, truncated: part.file.truncated } satisfies UploadedFile;
    },
  });
  app.addHook('onResponse', async (request) => {
    if (request.uploadDir) await rm(request.uploadDir, { recursive: true, force: true });
  });
}
