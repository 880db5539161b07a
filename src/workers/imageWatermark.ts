// Draws the logo on an image and encodes a PNG carrying the original's IPTC mark. Runs in the
// worker on an OffscreenCanvas, or on the page with a <canvas> where OffscreenCanvas is missing
// (the bridge's fallback).
import { keepMarks } from './keepMarks';
import { imagePlacement, type ImageVariant } from '../../contract/watermark';

// Structural, so a <canvas>'s context fits too (this file is also checked with the worker lib,
// which has no CanvasRenderingContext2D).
type Context2D = Pick<OffscreenCanvasRenderingContext2D, 'drawImage' | 'globalAlpha' | 'imageSmoothingQuality'>;

export interface CanvasFactory {
  /** A canvas of that size with its 2D context, and how to turn it into a PNG. */
  create(width: number, height: number): { context: Context2D; toPng: () => Promise<Blob> };
}

export const offscreenCanvas: CanvasFactory = {
  create(width, height) {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Watermark: no 2D context on OffscreenCanvas');
    return { context, toPng: () => canvas.convertToBlob({ type: 'image/png' }) };
  },
};

export async function decodeImage(input: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(input);
  } catch {
    throw new Error('Watermark: the image could not be decoded');
  }
}

export async function watermarkImageWith(
  canvases: CanvasFactory,
  input: Blob,
  logo: ImageBitmap,
  variant: ImageVariant,
): Promise<Blob> {
  const image = await decodeImage(input);
  try {
    const { context, toPng } = canvases.create(image.width, image.height);
    context.drawImage(image, 0, 0);
    const at = imagePlacement(variant, image, logo);
    context.globalAlpha = at.opacity;
    context.imageSmoothingQuality = 'high';
    context.drawImage(logo, at.x, at.y, at.width, at.height);
    return await keepMarks(input, await toPng());
  } finally {
    image.close();
  }
}

/** Fetches and decodes the logo; callers keep the promise (one fetch per worker or page). */
export async function loadLogo(url: string): Promise<{ bitmap: ImageBitmap; bytes: Uint8Array }> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Watermark: the logo could not be loaded (${response.status})`);
  const blob = await response.blob();
  return { bitmap: await decodeImage(blob), bytes: new Uint8Array(await blob.arrayBuffer()) };
}
