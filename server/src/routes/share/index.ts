// The share target's POST when no service worker is in control (the first visit, or the worker
// gone): nothing is stored, since the files were meant for the page's own screens; the share is
// judged by the same rules as the worker's (contract/share.ts) and the sender is sent to the
// screen it was for, with a notice asking to share again (the installed app's worker will then
// take it). Files are read only as far as their first bytes and drained; a file part under another
// name than the manifest's is refused (400), as on every multipart route.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { HEAD_BYTES } from '../../../../contract/media-type.ts';
import {
  routeShare,
  SHARE_FALLBACK_SCREEN,
  SHARE_FIELDS,
  SHARE_MAX_BYTES,
  SHARE_TARGET_PATH,
  withShareNotice,
  type SharedFile,
} from '../../../../contract/share.ts';
import { HttpError } from '../../http-error.ts';
import { unexpectedFileField } from '../../uploads/fields.ts';

const MAX_FILES = 10;

const shareTarget: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    // Past the limit a file is cut short, not thrown: the share is still judged, and lands on its
    // too-large notice.
    throwFileSizeLimit: false,
    limits: { fileSize: SHARE_MAX_BYTES + 1, files: MAX_FILES, fields: 10, fieldSize: 64 * 1024, parts: MAX_FILES + 10 },
  });

  app.post(SHARE_TARGET_PATH, { schema: { hide: true } }, async (request, reply) => {
    const files: SharedFile[] = [];
    const fields: Record<string, string> = {};
    let landing = withShareNotice(SHARE_FALLBACK_SCREEN, 'unsupported');
    try {
      if (request.isMultipart()) {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== SHARE_FIELDS.files) {
              part.file.resume();
              throw unexpectedFileField(part.fieldname);
            }
            const head: Buffer[] = [];
            let size = 0;
            for await (const chunk of part.file as AsyncIterable<Buffer>) {
              if (size < HEAD_BYTES) head.push(chunk.subarray(0, HEAD_BYTES - size));
              size += chunk.length;
            }
            files.push({ head: Buffer.concat(head), name: part.filename, type: part.mimetype, size });
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      }
      const route = routeShare(files, { title: fields[SHARE_FIELDS.title], text: fields[SHARE_FIELDS.text], url: fields[SHARE_FIELDS.url] });
      landing = 'problem' in route ? withShareNotice(SHARE_FALLBACK_SCREEN, route.problem) : withShareNotice(route.screen, 'again');
    } catch (err) {
      if (err instanceof HttpError) throw err;
      // Over a limit or a broken body: the share cannot be judged; say so where it lands.
      request.log.info({ err }, 'share target: the body could not be read');
    }
    return reply.header('cache-control', 'no-store').redirect(landing, 303);
  });
};

export default shareTarget;
