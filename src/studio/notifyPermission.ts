// The notification-permission prompt: asked once, as the user starts a long job, so that the
// service worker may say 'Your video is ready' when no page is in view. Never on load, and not a
// listener started by the layout: the prompt must run inside the click that starts the job
// (browsers refuse or quiet a prompt that no user action asked for).
import { StudioSessionKey } from '../lib/studioSessionKeys';
import type { Slot } from './studioStore';

/** Slots whose jobs run for minutes (videos, image to video, music, a 4x upscale): their end is worth a notification. */
export const LONG_SLOTS: ReadonlySet<Slot> = new Set<Slot>([
  StudioSessionKey.videoLink,
  StudioSessionKey.videoLinkMen,
  StudioSessionKey.videoTemplate,
  StudioSessionKey.videoTemplateMen,
  StudioSessionKey.imageToVideoOutput,
  StudioSessionKey.audio,
  StudioSessionKey.upscale,
  StudioSessionKey.talking,
]);

/** Asks whether the app may notify, when `slot` runs long jobs and the user was never asked. */
export function askToNotifyOnce(slot: Slot): void {
  if (!LONG_SLOTS.has(slot)) return;
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  void Notification.requestPermission().catch(() => undefined);
}
