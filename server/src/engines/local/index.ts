// The local engine: real media made on this machine with sharp and ffmpeg, deterministic, no
// network. Its one model is the cloth swap's garment cut-out (garment-cutout.ts), run on the CPU.
// The page labels its results 'Local engine'.
import type { Engine } from '../types.ts';
import { clothSwap } from './cloth-swap.ts';
import { face } from './face.ts';
import { image } from './image.ts';
import { imageToVideo } from './image-to-video.ts';
import { music } from './music.ts';
import { swapImage } from './swap-image.ts';
import { swapVideo } from './swap-video.ts';

export const localEngine: Engine = { name: 'local', face, image, swapImage, swapVideo, clothSwap, imageToVideo, music };
