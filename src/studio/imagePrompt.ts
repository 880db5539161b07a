// The prompt the image-by-prompt call sends (spec §7): the user's text, fixed quality wording
// for a realistic 22-year-old subject of the chosen gender, the pose modifier and the face's own
// face_prompt. The engines read the pose from its modifier.
import type { Gender } from './galleryStore';

export const POSES = ['Random', 'Selfie', 'Half body', 'Full body'] as const;
export type Pose = (typeof POSES)[number];

const POSE_MODIFIERS: Record<Pose, string> = {
  Random: 'random pose',
  Selfie: 'upper body 1',
  'Half body': 'upper body 2',
  'Full body': 'full body',
};

const QUALITY: Record<Gender, string> = {
  female: 'realistic photo of a 22-year-old female, natural skin texture, detailed eyes, soft natural light, sharp focus, high resolution',
  male: 'realistic photo of a 22-year-old male, natural skin texture, detailed eyes, soft natural light, sharp focus, high resolution',
};

export function imagePrompt(text: string, gender: Gender, pose: Pose, facePrompt: string | null): string {
  return [text.trim(), QUALITY[gender], POSE_MODIFIERS[pose], facePrompt?.trim()].filter(Boolean).join(', ');
}
