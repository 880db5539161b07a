// What a watermark looks like and what a watermarked download is called: pure rules shared by
// the page (the bridge, src/workers/watermark.ts), the watermark worker, the tests and the bench. No DOM, no worker globals.

/** The logo stamped on downloads (public/watermark.png, made by scripts/make-watermark.mjs). */
export const WATERMARK_LOGO_PATH = '/watermark.png';

/** Studio downloads stamp the corner; gallery downloads the bottom centre (ARCHITECTURE §8). */
export type ImageVariant = 'studio' | 'gallery';

export interface Size {
  width: number;
  height: number;
}

export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
  opacity: number;
}

/** Studio images: 80% opacity, 20 px from the bottom-right (spec §9). */
export const STUDIO_IMAGE = { opacity: 0.8, margin: 20, maxWidthFraction: 0.3 } as const;
/** Gallery images: about 30% of the width, centred at the bottom, opacity about 0.75 (spec §9). */
export const GALLERY_IMAGE = { opacity: 0.75, widthFraction: 0.3, marginFraction: 0.03 } as const;
/** Videos: centred at the bottom (ARCHITECTURE §8), the gallery image's proportions at 80%. */
export const VIDEO = { opacity: 0.8, widthFraction: 0.3, marginFraction: 0.04 } as const;
/**
 * Video output on both engines (spec §9: H.264, 25 fps, 2.5 Mbit/s, the audio copied), a key
 * frame every 250 (libx264's default; WebCodecs is told the same). The preset is libx264's.
 */
export const VIDEO_OUTPUT = { fps: 25, bitsPerSecond: 2_500_000, keyFrameEvery: 250, preset: 'ultrafast' } as const;

function scaled(logo: Size, width: number): Size {
  const w = Math.max(1, Math.round(width));
  return { width: w, height: Math.max(1, Math.round((w * logo.height) / logo.width)) };
}

/**
 * Where the logo goes on an image of `image` size. Studio: the logo's own size, shrunk to at
 * most 30% of the image's width so a small image is not covered, 20 px from the bottom-right.
 */
export function imagePlacement(variant: ImageVariant, image: Size, logo: Size): Placement {
  if (variant === 'studio') {
    const size = scaled(logo, Math.min(logo.width, image.width * STUDIO_IMAGE.maxWidthFraction));
    return {
      ...size,
      x: image.width - size.width - STUDIO_IMAGE.margin,
      y: image.height - size.height - STUDIO_IMAGE.margin,
      opacity: STUDIO_IMAGE.opacity,
    };
  }
  return bottomCentre(image, logo, GALLERY_IMAGE);
}

/** The same placement for a video frame (the ffmpeg filter below computes it from these). */
export function videoPlacement(frame: Size, logo: Size): Placement {
  return bottomCentre(frame, logo, VIDEO);
}

function bottomCentre(
  frame: Size,
  logo: Size,
  { widthFraction, marginFraction, opacity }: { widthFraction: number; marginFraction: number; opacity: number },
): Placement {
  const size = scaled(logo, frame.width * widthFraction);
  return {
    ...size,
    x: Math.round((frame.width - size.width) / 2),
    y: frame.height - size.height - Math.round(frame.height * marginFraction),
    opacity,
  };
}

/**
 * The ffmpeg filter graph for videos: input 0 the video, input 1 the logo. An odd width or
 * height loses its last column or row first (4:2:0 H.264 needs even sizes). scale2ref sizes the
 * logo against the frame (the frame's size is not known before ffmpeg reads it).
 */
export function videoFilter(): string {
  return [
    '[0:v]crop=trunc(iw/2)*2:trunc(ih/2)*2[even]',
    `[1:v]format=rgba,colorchannelmixer=aa=${VIDEO.opacity}[logo0]`,
    `[logo0][even]scale2ref=w=main_w*${VIDEO.widthFraction}:h=ow/a[logo][base]`,
    `[base][logo]overlay=x=(main_w-overlay_w)/2:y=main_h-overlay_h-main_h*${VIDEO.marginFraction},format=yuv420p[out]`,
  ].join(';');
}

/**
 * ffmpeg's arguments for one job, reading `input` and `logo` and writing `output`; ffmpeg.wasm
 * and native ffmpeg (bench/watermark.ts) run the same ones. `-r 25` as an output option makes
 * the MP4 constant-rate (frames duplicated or dropped): variable-rate input comes out at 25 fps.
 */
export function videoArgs(input: string, logo: string, output: string): string[] {
  return [
    '-i', input,
    '-i', logo,
    '-filter_complex', videoFilter(),
    '-map', '[out]',
    // '?': clips without audio work too.
    '-map', '0:a?',
    '-c:v', 'libx264', '-preset', VIDEO_OUTPUT.preset, '-b:v', `${VIDEO_OUTPUT.bitsPerSecond / 1000}k`, '-g', String(VIDEO_OUTPUT.keyFrameEvery), '-r', String(VIDEO_OUTPUT.fps),
    '-c:a', 'copy',
    '-movflags', '+faststart',
    output,
  ];
}

/** A file-name-safe form of an item id (ids come from the server, but a name must never be a path). */
function safeId(id: string): string {
  return id.replace(/[^\w-]+/g, '_').slice(0, 80);
}

/** watermarked-image-{id}.png / watermarked-video-{id or timestamp}.mp4 (spec §9). */
export function watermarkedFileName(kind: 'image' | 'video', id: string | undefined, now: number = Date.now()): string {
  const name = id !== undefined && safeId(id) !== '' ? safeId(id) : String(now);
  return kind === 'image' ? `watermarked-image-${name}.png` : `watermarked-video-${name}.mp4`;
}
