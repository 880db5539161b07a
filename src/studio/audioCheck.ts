// The music screen's checks on a chosen file before anything is uploaded (spec §5): .wav or .mp3,
// readable, and longer than 15 seconds, measured by decoding the audio (a header can lie). The
// talking character's voice the same way, 1 to 60 seconds.
import { STUDIO_MESSAGES, TALK_MAX_SECONDS, TALK_MIN_SECONDS } from '../../contract/studio';

export const AUDIO_MESSAGES = {
  format: 'File must be .wav or .mp3 format',
  short: 'File must be longer than 15 seconds',
  unreadable: 'Error reading file.',
} as const;

export const MIN_AUDIO_SECONDS = 15;

/** Decodes the file's bytes and returns the duration in seconds; rejects when it cannot. */
export type DecodeDuration = (bytes: ArrayBuffer) => Promise<number>;

/** Decoding with the Web Audio API (an OfflineAudioContext needs no user gesture and plays nothing). */
export const decodeWithWebAudio: DecodeDuration = async (bytes) => {
  const Context = window.OfflineAudioContext ?? (window as unknown as { webkitOfflineAudioContext?: typeof OfflineAudioContext }).webkitOfflineAudioContext;
  if (!Context) throw new Error('Web Audio is not available');
  const context = new Context(1, 1, 44_100);
  const buffer = await context.decodeAudioData(bytes);
  return buffer.duration;
};

/** The file's length in seconds, or the spec's message when it is no .wav/.mp3 or cannot be decoded. */
async function secondsOf(file: Pick<File, 'name' | 'arrayBuffer'>, decode: DecodeDuration): Promise<number | string> {
  if (!/\.(wav|mp3)$/i.test(file.name)) return AUDIO_MESSAGES.format;
  let seconds: number;
  try {
    seconds = await decode(await file.arrayBuffer());
  } catch {
    return AUDIO_MESSAGES.unreadable;
  }
  return Number.isFinite(seconds) ? seconds : AUDIO_MESSAGES.unreadable;
}

/** null when the file is fine, else the spec's message. */
export async function checkAudioFile(file: Pick<File, 'name' | 'arrayBuffer'>, decode: DecodeDuration = decodeWithWebAudio): Promise<string | null> {
  const seconds = await secondsOf(file, decode);
  if (typeof seconds === 'string') return seconds;
  return seconds > MIN_AUDIO_SECONDS ? null : AUDIO_MESSAGES.short;
}

/** The talking character's voice (issue 32): .wav or .mp3, 1 to 60 s; null when fine, else the server's own message. */
export async function checkVoiceFile(file: Pick<File, 'name' | 'arrayBuffer'>, decode: DecodeDuration = decodeWithWebAudio): Promise<string | null> {
  const seconds = await secondsOf(file, decode);
  if (typeof seconds === 'string') return seconds;
  if (seconds < TALK_MIN_SECONDS) return STUDIO_MESSAGES.talkingTooShort;
  return seconds > TALK_MAX_SECONDS ? STUDIO_MESSAGES.talkingTooLong : null;
}
