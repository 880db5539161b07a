import { CONSENT_MESSAGE } from './consent.ts';
import { Type, type Static } from 'typebox';
import { FreeText } from './text.ts';
import { ItemSource, WorkspaceItemFields } from './media.ts';
import { JOB_STATUSES } from './job-status';

// The studio's generation, job and gallery calls (spec document 2 §3, §7; ARCHITECTURE §4).
// Bodies are loose on purpose: the handler checks each rule with the spec's own alert texts
// (§5), which a schema error could not give. Every response field is declared here: the server
// strips what is not.

const UserId = Type.Optional(Type.String({ maxLength: 64 }));
/** Issue 44: every generation call may name one of the user's characters (contract/characters.ts). */
const CharacterId = Type.Optional(Type.String({ maxLength: 64, description: 'One of the user\'s characters: where the call needs a face and none is given, its face is used; the job and its result record it.' }));
/** On calls with a prompt: add the character's style words to it (needs character_id). */
const UseStyle = Type.Optional(Type.Boolean({ description: 'true: the character\'s style words are added to the prompt (needs character_id).' }));
/** Free text a person types or pastes: no control characters but tab, CR and LF (contract/text.ts). */
const Text = (maxLength: number) => Type.Optional(FreeText({ maxLength }));
const Url = Text(2048);
/**
 * Consent to use outside media of a person (issue 26): required (true) with a link, a linked copy
 * as a swap's target, a garment photo or a voice file; the multipart calls send it as the text 'true'.
 */
export const Consent = Type.Optional(Type.Boolean({ description: 'true: the user has the right to use this media and the consent of the people in it. Required with a link, a linked copy as the target, a garment photo or a voice file; without it the call answers 400 (field "consent").' }));

export const CelebrityFaceBody = Type.Object({ user_id: UserId, character_id: CharacterId, celebrity1: Text(100), celebrity2: Text(100), celebrity3: Text(100) });
export const MenCelebrityFaceBody = Type.Object({ user_id: UserId, character_id: CharacterId, mencelebrity1: Text(100), mencelebrity2: Text(100), mencelebrity3: Text(100) });
export const FacePromptBody = Type.Object({ user_id: UserId, character_id: CharacterId, use_style: UseStyle, prompt: Text(2000) });
export const ImagePromptBody = Type.Object({ user_id: UserId, character_id: CharacterId, use_style: UseStyle, face_url: Url, prompt: Text(4000) });
export const DownloadBody = Type.Object({ user_id: UserId, instagram_url: Url, consent: Consent });
export const SwapImageBody = Type.Object({ user_id: UserId, character_id: CharacterId, face: Url, image: Url, consent: Consent });
export const FaceSwapBody = Type.Object({ user_id: UserId, character_id: CharacterId, input_image_url: Url, target_video_url: Url, consent: Consent });
export const ImageToVideoBody = Type.Object({ user_id: UserId, character_id: CharacterId, use_style: UseStyle, input_image: Url, prompt: Text(2000) });
/** How many times larger an upscale makes a picture (issue 31). */
export const UPSCALE_FACTORS = [2, 4] as const;
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number];
/** An upscale's result may be this many pixels on its longer side at most. */
export const MAX_UPSCALED_SIDE = 4096;
export const UpscaleBody = Type.Object({ user_id: UserId, character_id: CharacterId, image_url: Url, scale: Type.Optional(Type.Union([Type.Literal(UPSCALE_FACTORS[0]), Type.Literal(UPSCALE_FACTORS[1])], { description: '2 or 4: the result is this many times wider and taller.' })) });

/** The gallery's response groups (spec §3: imgTovideo's server field is gen_video), in the order answered. */
export const GALLERY_GROUPS = ['faces', 'images', 'videos', 'cloth', 'audio', 'gen_video'] as const;
export type GalleryGroup = (typeof GALLERY_GROUPS)[number];
/** Items per group of a search page: the most one may ask for, and what it gets when it does not say. */
export const GALLERY_LIMIT = { max: 100, default: 50 } as const;

/**
 * POST /gallery/. With only user_id it answers as the spec says (every group, newest first). Any
 * search field (issue 29) makes it a search: only the `kinds` asked, `limit` items each, and
 * `next_cursor` while any of them has more.
 */
export const GalleryBody = Type.Object({
  user_id: UserId,
  q: Type.Optional(FreeText({ maxLength: 200, description: 'Words in the prompt, celebrity names or lyrics; case-insensitive; every word must match.' })),
  kinds: Type.Optional(Type.Array(Type.Enum(GALLERY_GROUPS), { minItems: 1, uniqueItems: true, description: 'Only these groups are searched and answered (default: all).' })),
  from: Type.Optional(Type.String({ maxLength: 40, description: 'Created on or after: an ISO date (YYYY-MM-DD, from the start of that UTC day) or date-time with its offset.' })),
  to: Type.Optional(Type.String({ maxLength: 40, description: 'Created on or before: an ISO date (to the end of that UTC day) or date-time with its offset.' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: GALLERY_LIMIT.max, description: `Items per group (default ${GALLERY_LIMIT.default}).` })),
  cursor: Type.Optional(Type.String({ maxLength: 4096, description: 'The next_cursor of the previous page, with the same q, kinds, from, to and character.' })),
  character: Type.Optional(Type.String({ maxLength: 64, description: 'Only items of this character (its id), or "none" for items of no character (issue 44).' })),
  favourites: Type.Optional(Type.Boolean({ description: 'true: only the items marked favourite (issue 45); false is the same as leaving it out.' })),
});
export type GalleryBody = Static<typeof GalleryBody>;

/** Which engine made a result: 'local' results are not AI and the page says so. */
const Engine = Type.String();
const JobId = Type.String();

export const FaceResponse = Type.Object({ output: Type.String(), face_prompt: Type.String(), job_id: JobId, engine: Engine });
export const OutputUrlResponse = Type.Object({ output_url: Type.String(), job_id: JobId, engine: Engine });
export const ResultImageResponse = Type.Object({ result_image_url: Type.String(), job_id: JobId, engine: Engine });
export const VideoUrlResponse = Type.Object({ video_url: Type.String(), job_id: JobId, engine: Engine });
export const OutputImageResponse = Type.Object({ output_image: Type.String(), job_id: JobId, engine: Engine });
export const MediaUrlResponse = Type.Object({ media_url: Type.String() });
/** `Prefer: respond-async`: the job to follow at Location (/api/jobs/{id}). */
export const AcceptedResponse = Type.Object({ job_id: JobId });

export const JobStatus = Type.Enum(JOB_STATUSES);

/** GET /api/jobs/{id}: status, progress and, once succeeded, the spec's result field of its kind. */
export const JobView = Type.Object({
  job_id: JobId,
  kind: Type.String(),
  status: JobStatus,
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  engine: Type.Union([Engine, Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
  batch_id: Type.Union([Type.String(), Type.Null()], { description: 'The batch that made the job (GET /api/batches/{id}); null for a single call' }),
  batch_index: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: "Its item's 0-based place in the batch request (the queue lists a batch's jobs in this order); null for a single call" }),
  ),
  character_id: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'The character the job is for (issue 44); null for none' })),
  started_at: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'When its current run started (issue 45: elapsed time while running); null while queued' })),
  source: Type.Optional(Type.Union([ItemSource, Type.Null()], { description: 'What the job is made from, in words (issue 45: queue rows are named by it)' })),
  input_urls: Type.Optional(Type.Array(Type.String(), { maxItems: 4, description: 'Up to 4 of its input pictures (/media URLs), for thumbnails (issue 45)' })),
  result_size: Type.Optional(
    Type.Union([Type.Object({ width: WorkspaceItemFields.width, height: WorkspaceItemFields.height, duration_seconds: WorkspaceItemFields.duration_seconds }), Type.Null()], {
      description: "Once succeeded, its result's size: pixels of a picture or video, seconds of a video or song (issue 45); null when not known",
    }),
  ),
  position: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: "While queued: 1-based rank among the user's queued jobs, in the order the queue will run them" }),
  eta_seconds: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: "While queued or running: seconds until it ends, from the server's measured run times per kind and engine and the queue ahead of it (other users' share included)",
  }),
  output: Type.Optional(Type.String()),
  output_url: Type.Optional(Type.String()),
  result_image_url: Type.Optional(Type.String()),
  video_url: Type.Optional(Type.String()),
  output_image: Type.Optional(Type.String()),
});
export type JobView = Static<typeof JobView>;

/** GET /api/jobs: running, then queued in the order they will run, then finished newest first. */
export const JobList = Type.Object({
  jobs: Type.Array(JobView),
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `cursor` for the next page; null on the last' }),
});
export const JobListQuery = Type.Object({
  status: Type.Optional(Type.String({ pattern: '^(queued|running|succeeded|failed|canceled)(,(queued|running|succeeded|failed|canceled))*$' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  cursor: Type.Optional(Type.String({ maxLength: 64, description: 'The next_cursor of the previous page' })),
});

/** POST /api/jobs/{id}/move: to the front or back of the user's own queued jobs. */
export const JobMoveBody = Type.Object({ to: Type.Union([Type.Literal('front'), Type.Literal('back')]) });
export type JobMoveBody = Static<typeof JobMoveBody>;

/** The queue's refusals (issue 29), answered with 409. */
export const QUEUE_MESSAGES = {
  notQueued: 'Only a queued job can be moved; this one has already started or ended.',
  notFinished: 'Only a finished job can be run again; this one is still queued or running.',
  inputsGone: 'The files this job used are no longer kept; start it again from the studio.',
} as const;
export const JobIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

const Item = {
  id: Type.String(),
  created_at: Type.String(),
  /** The job that made it (issue 29: "Re-run" on a gallery item reruns it); null for media older than jobs, absent on servers that do not say. */
  job_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** The character it was made for (issue 44); null for none. */
  character_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Issue 45: favourite, what made it (source words), engine and size. */
  ...WorkspaceItemFields,
};
export const GalleryFace = Type.Object({ ...Item, image_url: Type.String(), gender: Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Null()]), face_prompt: Type.Union([Type.String(), Type.Null()]) });
export const GalleryImage = Type.Object({
  ...Item,
  image_url: Type.String(),
  gender: Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Null()]),
  /** An upscale (issue 31): the picture it was made from, and how many times larger it is; null otherwise. */
  upscaled_from: Type.Union([Type.String(), Type.Null()]),
  scale: Type.Union([Type.Integer(), Type.Null()]),
});
export const GalleryVideo = Type.Object({ ...Item, video_url: Type.String() });
export const GalleryCloth = Type.Object({ ...Item, gen_image_url: Type.String() });
export const GalleryAudio = Type.Object({ ...Item, audio_url: Type.String() });

/** POST /gallery/: each group newest first. */
export const GalleryResponse = Type.Object({
  faces: Type.Array(GalleryFace),
  images: Type.Array(GalleryImage),
  videos: Type.Array(GalleryVideo),
  cloth: Type.Array(GalleryCloth),
  audio: Type.Array(GalleryAudio),
  gen_video: Type.Array(GalleryVideo),
});
export type GalleryResponse = Static<typeof GalleryResponse>;

/** What POST /gallery/ can answer: a search has only the groups asked for, and next_cursor while any has more. */
export const GallerySearchResponse = Type.Object({
  ...Type.Partial(GalleryResponse).properties,
  next_cursor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type GallerySearchResponse = Static<typeof GallerySearchResponse>;

/** Spec §5 alert texts, which the server answers too (400). */
export const STUDIO_MESSAGES = {
  celebrities: 'Please enter all celebrity names.',
  prompt: 'Please enter a prompt.',
  face: 'Please select a face.',
  imagePrompt: 'Please select a pose and provide a prompt.',
  imageLink: 'Please provide an Instagram link.',
  videoLink: 'Please provide a valid Instagram link.',
  template: 'Please select a template.',
  cloth: 'Please select a generated image and upload a garment',
  imageToVideo: 'Please select a generated image and prompt',
  lyrics: 'Lyrics are required.',
  lyricsTooLong: 'Lyrics must be at most 400 characters.',
  song: 'Song file is required.',
  category: 'Category must be tops, bottoms or one-pieces.',
  /** A garment whose bytes are not a picture (the server says the same: uploads/checks.ts). */
  garmentType: 'Garment image must be PNG, JPEG or WEBP.',
  /** Issue 26: asked after the spec's own checks, before anything is fetched or stored. */
  consent: CONSENT_MESSAGE,
  /** Issue 31: not one of the user's own generated pictures. */
  upscaleImage: 'Please select a generated picture to upscale.',
  upscaleScale: 'Please choose 2x or 4x.',
  upscaleTooLarge: 'This picture is too large to upscale.',
  /** Issue 32, the talking character. */
  talkingFace: 'Please select a face or image.',
  talkingSong: 'Please select one of your songs.',
  talkingTooShort: 'Audio must be at least 1 second long.',
  talkingTooLong: 'Audio must be at most 60 seconds long.',
  talkingText: 'Text must be at most 500 characters.',
  talkingOneInput: 'Send an audio file, a song or text, not more than one.',
} as const;

export { CONSENT_LABEL } from './consent.ts';

export const LYRICS_MAX = 400;
/** The talking character (issue 32): typed text up to this many characters; a voice file this many seconds long (a song: its first TALK_MAX_SECONDS used). */
export const TALK_TEXT_MAX = 500;
export const TALK_MIN_SECONDS = 1;
export const TALK_MAX_SECONDS = 60;
export const CLOTH_CATEGORIES = ['tops', 'bottoms', 'one-pieces'] as const;
