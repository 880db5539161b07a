// Users' files into storage with what covers them: the multipart calls' checked uploads, made into
// a job, and /download/'s link copies, each with the consent given for it (issue 26: the link, the
// copy's or upload's key and its SHA-256). A refused request leaves nothing behind: what was stored
// for it is deleted again.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAPABILITIES } from '../../../contract/capabilities.ts';
import type { Db } from '../db/index.ts';
import { consentsRepository } from '../db/repositories/consents.ts';
import type { JobInput, JobKind, MediaSource } from '../jobs/kinds.ts';
import type { ConsentClaim, JobRow, JobService } from '../jobs/service.ts';
import { sha256File } from '../media/sha256.ts';
import { fetchMediaToFile, resolveParsedLink, type MediaKindWanted, type parseMediaLink } from '../net/media-resolvers.ts';
import type { UserFiles } from '../storage/user-files.ts';
import { isoAt } from '../time.ts';

/** A checked upload, not yet in storage. */
export interface CheckedUpload {
  file: string;
  ext: string;
  mime: string;
}

export interface UploadJobRequest<F extends string> {
  userId: string;
  kind: JobKind;
  engine: string;
  idempotencyKey: string | null;
  /** SHA-256 of the call and its fields, each file as the SHA-256 of its bytes. */
  requestHash: string;
  uploads: Partial<Record<F, CheckedUpload>>;
  /** The fields whose upload the user gave consent for (the route has required it). */
  consented: readonly NoInfer<F>[];
  /** The job's input, given the stored uploads as sources. */
  build(sources: Partial<Record<F, MediaSource>>): JobInput;
  /** The user's character the call named (issue 44); null for none. */
  characterId?: string | null;
  /** The user's files already stored that the job reads too (a character's portrait or voice sample). */
  files?: readonly string[];
}

/** A link /download/ parsed (and the user's consent given): what is fetched. */
export interface LinkCopyRequest {
  userId: string;
  /** The spec's path the link came to, recorded with the consent. */
  call: string;
  kind: MediaKindWanted;
  link: string;
  parsed: ReturnType<typeof parseMediaLink>;
}

export interface UploadServiceDeps {
  db: Db;
  files: UserFiles;
  jobs: Pick<JobService, 'replayOf' | 'create'>;
  /** Hosts the fetcher may reach besides public ones (tests), and the upload size limit (a video may be 4 times it). */
  generation: { fetchAllowHosts: readonly string[]; uploadMaxBytes: number };
  now: () => number;
}

export function uploadService({ db, files, jobs, generation, now }: UploadServiceDeps) {
  return {
    /**
     * The job of a multipart call whose fields and files are all checked: a replay of an earlier
     * request is answered with its job (nothing stored); otherwise the files go into storage as the
     * user's uploads and the job is made from them, the uploads deleted again when the job is refused
     * or another request with the key made it first.
     */
    async createJob<F extends string>(request: UploadJobRequest<F>): Promise<{ job: JobRow; created: boolean }> {
      const { userId, kind, idempotencyKey, requestHash } = request;
      const replay = await jobs.replayOf(userId, idempotencyKey, kind, requestHash);
      if (replay) return { job: replay, created: false };
      const sources: Partial<Record<F, MediaSource>> = {};
      const keys: string[] = [];
      try {
        for (const [field, upload] of Object.entries(request.uploads) as [F, CheckedUpload][]) {
          const key = await files.put(userId, 'upload', upload.file, upload.ext, upload.mime, isoAt(now()));
          keys.push(key);
          sources[field] = { type: 'stored', key };
        }
      } catch (err) {
        await files.discard(keys);
        throw err;
      }
      const consents: ConsentClaim[] = [];
      for (const field of request.consented) {
        const upload = request.uploads[field];
        const source = sources[field];
        if (upload && source?.type === 'stored') consents.push({ call: CAPABILITIES[kind].calls[0].path, field, link_url: null, storage_key: source.key, sha256: await sha256File(upload.file) });
      }
      let made: { job: JobRow; created: boolean };
      try {
        made = await jobs.create({
          userId, input: request.build(sources), engine: request.engine, idempotencyKey, requestHash, files: [...keys, ...(request.files ?? [])], consents, characterId: request.characterId ?? null, now: isoAt(now()),
        });
      } catch (err) {
        await files.discard(keys);
        throw err;
      }
      // Another request with this key made the job first: this one's uploads are not needed.
      if (!made.created) await files.discard(keys);
      return made;
    },

    /**
     * Resolves the link to its media, fetches it through the SSRF guard and copies it into storage
     * as the user's, with the consent recorded (the copy deleted again if that fails); its key.
     */
    async copyLink({ userId, call, kind, link, parsed }: LinkCopyRequest): Promise<string> {
      const deps = { allowHosts: generation.fetchAllowHosts };
      const { mediaUrl } = await resolveParsedLink(parsed, kind, deps);
      const dir = await mkdtemp(join(tmpdir(), 'persona-fetch-'));
      try {
        const file = join(dir, 'media');
        const fetched = await fetchMediaToFile(mediaUrl, file, kind, { ...deps, maxBytes: kind === 'video' ? 4 * generation.uploadMaxBytes : generation.uploadMaxBytes });
        const at = isoAt(now());
        const key = await files.put(userId, 'fetched', file, fetched.ext, fetched.mime, at);
        try {
          await consentsRepository(db).record({ user_id: userId, call, field: 'instagram_url', link_url: link, storage_key: key, sha256: await sha256File(file), created_at: at });
        } catch (err) {
          await files.discard([key]);
          throw err;
        }
        return key;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export type UploadService = ReturnType<typeof uploadService>;
