import { Type, type Static } from 'typebox';

// The creator's workspace (issue 45): what made each gallery item, favourites, deleting and acting
// on many items at once. Shapes shared by the server's /api/media routes (validation, responses,
// OpenAPI), the gallery's items (contract/studio.ts), the job views, the page and the CLI.

/**
 * Where an item's words come from, as the page shows them: the text itself for a prompt, celebrity
 * names ("A, B, C"), a template's name, lyrics or typed speech; "From your upload" / "From your
 * link" for media the user brought; 'picture' for what was made from one of their own pictures
 * (an upscale, an image to video without a prompt: text is '').
 */
export const SOURCE_KINDS = ['prompt', 'celebrities', 'template', 'lyrics', 'text', 'upload', 'link', 'picture'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
export const ItemSource = Type.Object(
  {
    kind: Type.Enum(SOURCE_KINDS),
    text: Type.String({ maxLength: 600, description: "The words as the user gave them (not folded); '' for upload, link and picture" }),
  },
  { description: 'What made it, in words (issue 45)' },
);
export type ItemSource = Static<typeof ItemSource>;

/** The page's words for the sources that carry none. */
export const SOURCE_LABELS: Readonly<Partial<Record<SourceKind, string>>> = {
  upload: 'From your upload',
  link: 'From your link',
  picture: 'From your picture',
};

/**
 * The fields issue 45 adds to every gallery item (and so to the items of POST /gallery/):
 * optional in the schema only so that items kept offline from an older server still read.
 */
export const WorkspaceItemFields = {
  favourite: Type.Optional(Type.Boolean()),
  source: Type.Optional(Type.Union([ItemSource, Type.Null()], { description: 'null for media older than sources' })),
  /** Which engine made it ('local' results are not AI); null when not known. */
  engine: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Pictures and videos: pixels; null when not known. */
  width: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  height: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  /** Videos and songs: seconds (two decimals); null for pictures or when not known. */
  duration_seconds: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
};

/** PATCH /api/media/{id} and DELETE /api/media/{id}, `id` being the gallery item's `id`. */
export const MediaIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** PATCH /api/media/{id}: move it to another character or to none (issue 44), mark or unmark it a favourite; at least one field. */
// Null first: the server coerces types, and a string first would take null as ''.
export const MediaPatchBody = Type.Object(
  {
    character_id: Type.Optional(Type.Union([Type.Null(), Type.String({ minLength: 1, maxLength: 64 })])),
    favourite: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type MediaPatchBody = Static<typeof MediaPatchBody>;
export const MediaPatchResponse = Type.Object({ id: Type.String(), character_id: Type.Union([Type.String(), Type.Null()]), favourite: Type.Boolean() });
export type MediaPatchResponse = Static<typeof MediaPatchResponse>;

/** The most items one request may act on (a page of the gallery's plain answer). */
export const MEDIA_BULK_MAX = 500;
const Ids = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: MEDIA_BULK_MAX, uniqueItems: true });

/** PATCH /api/media/: mark or unmark many items a favourite. All or nothing: one id not the user's is 404 and nothing changes. */
export const MediaBulkPatchBody = Type.Object({ ids: Ids, favourite: Type.Boolean() }, { additionalProperties: false });
export type MediaBulkPatchBody = Static<typeof MediaBulkPatchBody>;
export const MediaBulkResponse = Type.Object({ count: Type.Integer({ minimum: 0, description: 'Items changed or deleted' }) });
export type MediaBulkResponse = Static<typeof MediaBulkResponse>;

/**
 * POST /api/media/delete: delete many items (DELETE /api/media/{id} for one). All or nothing, like
 * the bulk PATCH. An item leaves the gallery and its search at once; its stored files go within a
 * minute, after which its /media URLs answer 404. The plan's allowance is not given back.
 */
export const MediaBulkDeleteBody = Type.Object({ ids: Ids }, { additionalProperties: false });
export type MediaBulkDeleteBody = Static<typeof MediaBulkDeleteBody>;

/** One input of the job that made an item: a picture, clip or song it used. */
export const MediaInput = Type.Object({
  /** The request field it came from (face_url, image_url, audio, garment, …). */
  field: Type.String(),
  /** Where it can be seen now (a /media URL), or null when it is no longer kept or was a link. */
  url: Type.Union([Type.String(), Type.Null()]),
  /** The user's gallery item it is, when it is one (the details panel links to it). */
  media_id: Type.Union([Type.String(), Type.Null()]),
  /** What it is: 'gallery' (one of the user's items), 'template', 'upload', 'link'. */
  origin: Type.Union([Type.Literal('gallery'), Type.Literal('template'), Type.Literal('upload'), Type.Literal('link')]),
});
export type MediaInput = Static<typeof MediaInput>;

/**
 * GET /api/media/{id}: the details panel's facts. `item` is the item as POST /gallery/ answers it
 * (in `group`); `settings` every setting of the call that made it as the user sent it (URLs and
 * files left out: they are `inputs`; user_id left out), null for media older than jobs.
 */
export const MediaDetails = Type.Object({
  group: Type.String({ description: 'The POST /gallery/ group the item is in' }),
  item: Type.Record(Type.String(), Type.Unknown(), { description: "The item as POST /gallery/ answers it in its group" }),
  kind: Type.String({ description: 'The job kind that made it (face, image, swapImage, …), or the group\'s kind for media older than jobs' }),
  settings: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  inputs: Type.Array(MediaInput),
  ai_mark: Type.Object({
    digital_source_type: Type.String({ description: 'The IPTC DigitalSourceType the file carries (e.g. trainedAlgorithmicMedia)' }),
    c2pa: Type.Boolean({ description: 'true when the stored file carries a signed C2PA manifest' }),
  }),
});
export type MediaDetails = Static<typeof MediaDetails>;

export const MEDIA_MESSAGES = {
  notFound: 'Item not found.',
  bulkNotFound: 'Some of these items were not found; nothing was changed.',
} as const;
