// The studio's session keys (spec document 2 §3): the last result per screen, mode and gender
// (faces, images and videos AES-encrypted by src/studio/results.ts; the spec names the last
// three), the jobs still running and the tab each screen is on. Kept apart from session.ts so the
// public pages' start-up code does not carry them; the persisted session (persistedSession.ts)
// copies them too, short of the tabs.
export const StudioSessionKey = {
  faceCelebrity: 'generatedFaceCelebrity',
  faceCelebrityMen: 'generatedFaceCelebrityMen',
  facePrompt: 'generatedFacePrompt',
  facePromptMen: 'generatedFacePromptMen',
  imagePrompt: 'generatedImagePrompt',
  imagePromptMen: 'generatedImagePromptMen',
  imageLink: 'generatedImageLink',
  imageLinkMen: 'generatedImageLinkMen',
  imageTemplate: 'generatedImageTemplate',
  imageTemplateMen: 'generatedImageTemplateMen',
  videoLink: 'generatedVideoLink',
  videoLinkMen: 'generatedVideoLinkMen',
  videoTemplate: 'generatedVideoTemplate',
  videoTemplateMen: 'generatedVideoTemplateMen',
  clothImage: 'genrated_cloth_image',
  imageToVideoOutput: 'genrated_image_to_video_output',
  audio: 'genrated_audio',
  /** Ours (issue 31): the last upscale, started from a result or the gallery. */
  upscale: 'generatedUpscale',
  /** Ours (issue 32): the last talking character. */
  talking: 'generatedTalking',
  /** Ours: generation jobs still running, per screen slot, so a reload or a reopened app follows them again. */
  pendingJobs: 'pendingJobs',
  /** Ours: the tab and gender each studio screen is on (src/studio/screenChoice.ts), so a reload reopens it there. */
  screenChoices: 'studioScreenChoices',
} as const;

export type StudioSessionKeyName = (typeof StudioSessionKey)[keyof typeof StudioSessionKey];

/**
 * The keys the persisted session copies. The screens' tabs stay with their browser tab: a second
 * window, or the app reopened, starts on each screen's first tab (or on a job still running).
 */
export const STUDIO_SESSION_KEYS: readonly StudioSessionKeyName[] = Object.values(StudioSessionKey).filter((key) => key !== StudioSessionKey.screenChoices);
