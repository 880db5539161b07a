// A ZIP of gallery items (issue 45), built in the watermark worker: each file fetched,
// watermarked (songs kept as they are: they carry their mark in the ID3 tag) and handed to
// client-zip's stream as soon as it is ready, so one file at a time is held besides the output.
import { downloadZip } from 'client-zip';
import type { ZipEntry } from './protocol';

export interface ZipSteps {
  image: (input: Blob) => Promise<Blob>;
  /** `report`: 0..1 of this video. */
  video: (input: Blob, report: (progress: number) => void) => Promise<Blob>;
  /** 0..1 of the whole ZIP, by files (a video's share of its file included). */
  progress: (progress: number) => void;
}

const aborted = () => new DOMException('Watermark cancelled', 'AbortError');

async function* files(items: readonly ZipEntry[], signal: AbortSignal, steps: ZipSteps) {
  for (const [done, item] of items.entries()) {
    if (signal.aborted) throw aborted();
    const response = await fetch(item.url, { signal });
    if (!response.ok) throw new Error(`ZIP: ${item.name} could not be fetched (${response.status})`);
    const media = await response.blob();
    const input =
      item.kind === 'image' ? await steps.image(media)
      : item.kind === 'video' ? await steps.video(media, (p) => steps.progress((done + p) / items.length))
      : media;
    if (signal.aborted) throw aborted();
    yield { name: item.name, input, lastModified: new Date() };
    steps.progress((done + 1) / items.length);
  }
}

/** The ZIP of `items`, in their order. Rejects with an AbortError once `signal` aborts. */
export function zipFiles(items: readonly ZipEntry[], signal: AbortSignal, steps: ZipSteps): Promise<Blob> {
  return downloadZip(files(items, signal, steps)).blob();
}
