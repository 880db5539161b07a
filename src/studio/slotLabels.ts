// What each screen slot makes, in words: for the queued requests listed on the gallery.
import { StudioSessionKey as K } from '../lib/studioSessionKeys';
import { isBatchSlot, screenSlotOf, type QueueSlot, type Slot } from './studioStore';

const LABELS: Partial<Record<Slot, string>> = {
  [K.faceCelebrity]: 'Face from celebrities (women)',
  [K.faceCelebrityMen]: 'Face from celebrities (men)',
  [K.facePrompt]: 'Face from a prompt (women)',
  [K.facePromptMen]: 'Face from a prompt (men)',
  [K.imagePrompt]: 'Image from a prompt (women)',
  [K.imagePromptMen]: 'Image from a prompt (men)',
  [K.imageLink]: 'Image from a link (women)',
  [K.imageLinkMen]: 'Image from a link (men)',
  [K.imageTemplate]: 'Image from a template (women)',
  [K.imageTemplateMen]: 'Image from a template (men)',
  [K.videoLink]: 'Video from a link (women)',
  [K.videoLinkMen]: 'Video from a link (men)',
  [K.videoTemplate]: 'Video from a template (women)',
  [K.videoTemplateMen]: 'Video from a template (men)',
  [K.clothImage]: 'Cloth swap',
  [K.imageToVideoOutput]: 'Image to video',
  [K.audio]: 'Music',
  [K.upscale]: 'Upscale',
  [K.talking]: 'Talking character',
};

const labelOf = (slot: Slot): string => LABELS[slot] ?? 'Generation';

/** A batch slot is named by its screen's slot: 'Image from a template (women), a batch'. */
export const slotLabel = (slot: QueueSlot): string => (isBatchSlot(slot) ? `${labelOf(screenSlotOf(slot))}, a batch` : labelOf(slot));
