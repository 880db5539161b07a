// A microphone recording made into a WAV file in the page (issue 32): Chromium's MediaRecorder
// writes WebM/Opus (or MP4), which the server does not take; the Web Audio API decodes it and the
// samples are written as 16-bit PCM, mono, at the recording's own rate.

/** Mono 16-bit PCM WAV bytes of `samples` (-1..1) at `rate` Hz. */
export function encodeWav(samples: Float32Array, rate: number): ArrayBuffer {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const text = (at: number, value: string) => [...value].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i += 1) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    view.setInt16(44 + i * 2, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  }
  return buffer;
}

/** A recording (any type the browser can decode) as `name`.wav: its channels mixed to mono. */
export async function recordingToWav(recording: Blob, name: string): Promise<File> {
  const Context = window.OfflineAudioContext ?? (window as unknown as { webkitOfflineAudioContext?: typeof OfflineAudioContext }).webkitOfflineAudioContext;
  if (!Context) throw new Error('Web Audio is not available');
  const decoded = await new Context(1, 1, 48_000).decodeAudioData(await recording.arrayBuffer());
  const mono = new Float32Array(decoded.length);
  for (let c = 0; c < decoded.numberOfChannels; c += 1) {
    const channel = decoded.getChannelData(c);
    for (let i = 0; i < mono.length; i += 1) mono[i]! += channel[i]! / decoded.numberOfChannels;
  }
  return new File([encodeWav(mono, decoded.sampleRate)], `${name}.wav`, { type: 'audio/wav' });
}
