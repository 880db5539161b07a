// How an output was made, for its marks: the IPTC digital source type from the engine (drawn by
// the local engine, or made by a trained model) and whether the job built on outside media (the
// capability's `marks.outside` inputs that hold an upload or a link copy), and those files as the
// job read them. The one place the table of issue 26 lives.
import { CAPABILITIES, type Capability, type CapabilityDescriptor } from '../../../contract/capabilities.ts';
import type { JobInput, MediaSource } from '../jobs/kinds.ts';
import { USER_FILE_PREFIX } from '../storage/user-files.ts';
import { appVersion } from '../version.ts';
import type { DigitalSourceType, Provenance, ProvenanceParent } from './types.ts';

export const TOOL_NAME = 'Persona Studio';

/** Engines that draw without a trained model (ARCHITECTURE §4: `local` has no generative AI). */
const UNTRAINED_ENGINES: ReadonlySet<string> = new Set(['local']);

// Every `marks.outside` field names a field of its capability's job input.
type OutsideField<C extends Capability> = keyof (typeof CAPABILITIES)[C]['marks']['outside'];
type UnknownField = { [C in Capability]: Exclude<OutsideField<C>, keyof Extract<JobInput, { kind: C }>> }[Capability];
const fieldsExist: [UnknownField] extends [never] ? true : never = true;
void fieldsExist;

const MIME_BY_EXT: Readonly<Record<string, string>> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm',
  mp3: 'audio/mpeg', wav: 'audio/wav', m4a: 'audio/mp4', ogg: 'audio/ogg', flac: 'audio/flac',
};

/** A user's upload or link copy: outside media. Templates and our own outputs are not. */
const isUserFile = (source: MediaSource | undefined): boolean =>
  source?.type === 'stored' && Object.values(USER_FILE_PREFIX).some((prefix) => source.key.startsWith(prefix));

export function sourceTypeOf(engine: string, composite: boolean, trained = false): DigitalSourceType {
  if (trained || !UNTRAINED_ENGINES.has(engine)) return composite ? 'compositeWithTrainedAlgorithmicMedia' : 'trainedAlgorithmicMedia';
  return composite ? 'compositeSynthetic' : 'algorithmicMedia';
}

/**
 * The job's provenance. `read` maps the job input's fields to the files the engine was given
 * (the runner's work folder): the outside ones become the parents.
 */
export function provenanceOf(input: JobInput, engine: string, read: ReadonlyMap<string, string>): Provenance {
  const marks: CapabilityDescriptor['marks'] = CAPABILITIES[input.kind].marks;
  const fields = input as unknown as Readonly<Record<string, MediaSource | undefined>>;
  const parents: ProvenanceParent[] = Object.entries(marks.outside).flatMap(([field, title]) => {
    const path = read.get(field);
    if (!isUserFile(fields[field]) || !path) return [];
    const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
    return [{ path, mime: MIME_BY_EXT[ext] ?? 'application/octet-stream', title }];
  });
  return {
    digitalSourceType: sourceTypeOf(engine, parents.length > 0, marks.trained === true),
    parents,
    tool: { name: TOOL_NAME, version: appVersion, engine },
    title: `${TOOL_NAME} ${marks.title}`,
  };
}
