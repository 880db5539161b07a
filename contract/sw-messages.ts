// The page <-> service worker message protocol. Both sides import these types; add new
// messages to the union and teach isSwMessage about them.

/** Page -> worker: activate the waiting worker now (workbox-window's messageSkipWaiting sends it). */
export interface SkipWaitingMessage {
  type: 'SKIP_WAITING';
}

export type SwMessage = SkipWaitingMessage;

export type SwMessageType = SwMessage['type'];

const SW_MESSAGE_TYPES: ReadonlySet<string> = new Set<SwMessageType>(['SKIP_WAITING']);

/** Narrows untrusted `event.data` to a known message. */
export function isSwMessage(data: unknown): data is SwMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { type?: unknown }).type === 'string' &&
    SW_MESSAGE_TYPES.has((data as { type: string }).type)
  );
}
