// The studio's session keys (spec document 2 §3): the last result per screen, mode and gender
// (faces, images and videos AES-encrypted by src/studio/results.ts; the spec names the last
// three), and the jobs still running. Kept apart from session.ts so the public pages' start-up
// code does not carry them; the persisted session (persistedSession.ts) copies them too.
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
  /** Ours: generation jobs still running, per screen slot, so a reload or a reopened app follows them again. */
  pendingJobs: 'pendingJobs',
} as const;

export type StudioSessionKeyName = (typeof StudioSessionKey)[keyof typeof StudioSessionKey];

export const STUDIO_SESSION_KEYS: readonly StudioSessionKeyName[] = Object.values(StudioSessionKey);
