// The local engine: real media made on this machine with sharp and ffmpeg, deterministic, no
// network. Its models (the cloth swap's garment cut-out, the face detector for outside media) run
// on the CPU in a child process and a worker thread, both stopped by close().
// The page labels its results 'Local engine'.
import type { Engine } from '../types.ts';
import { clothSwap } from './cloth-swap.ts';
import { faceDetector } from './face-detect.ts';
import { face } from './face.ts';
import { garmentModel } from './garment-cutout.ts';
import { image } from './image.ts';
import { imageToVideo } from './image-to-video.ts';
import { music } from './music.ts';
import { swapImage } from './swap-image.ts';
import { swapVideo } from './swap-video.ts';

export const localEngine: Engine = {
  name: 'local', face, image, swapImage, swapVideo, clothSwap, imageToVideo, music,
  async close() {
    await Promise.all([garmentModel.close(), faceDetector.close()]);
  },
};
