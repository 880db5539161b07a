// The words a remote engine's face model is given, and kept as the face's face_prompt (spec §3).
import type { FaceInput, Gender } from '../types.ts';

export const personWord = (gender: Gender): string => (gender === 'male' ? 'man' : 'woman');

export function faceWords(input: FaceInput): string {
  return input.prompt ?? `a realistic portrait of a new ${personWord(input.gender)} blending the looks of ${input.celebrities!.join(', ')}`;
}
