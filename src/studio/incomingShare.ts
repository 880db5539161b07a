// Shares waiting for their screen (issue 28): the service worker's share target and the file
// handlers' launch queue keep one here (IndexedDB, SHARE_DB); the screen it is for takes it when
// it opens, and a signed-in layout that opens elsewhere (after a sign-in) goes to that screen.
import { useEffect } from 'react';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { isFreshShare, SHARE_DB, SHARE_KEY, type IncomingShare, type ShareScreen } from '../../contract/share';

let store: UseStore | undefined;
const shareStore = () => (store ??= createStore(SHARE_DB.name, SHARE_DB.store));

/** The share waiting, if any and not too old (an old one is dropped). */
export async function pendingShare(): Promise<IncomingShare | null> {
  const share: unknown = await get(SHARE_KEY, shareStore());
  if (isFreshShare(share)) return share;
  if (share !== undefined) await del(SHARE_KEY, shareStore());
  return null;
}

export function keepShare(share: IncomingShare): Promise<void> {
  return set(SHARE_KEY, share, shareStore());
}

/**
 * Gives the share waiting for `screen` to `take` once the screen is open, then forgets it. Taken
 * only by a screen still mounted (React's development double mount must not lose it).
 */
export function useIncomingShare(screen: ShareScreen, take: (share: IncomingShare) => void): void {
  useEffect(() => {
    let mounted = true;
    pendingShare()
      .then(async (share) => {
        if (!mounted || share?.screen !== screen) return;
        take(share);
        await del(SHARE_KEY, shareStore());
      })
      .catch(() => undefined); // no IndexedDB (a private window): nothing can have been shared
    return () => {
      mounted = false;
    };
    // `take` is the screen's own setter code; the share is looked for once per opening.
  }, [screen]);
}

/** A shared File from what was kept (IndexedDB keeps Blobs; the name and type ride beside). */
export function sharedFile(share: Extract<IncomingShare, { file: Blob }>): File {
  return share.file instanceof File && share.file.name === share.name ? share.file : new File([share.file], share.name, { type: share.type });
}

/** Shows `file` as chosen in a file input, as if picked there. */
export function showInFileInput(input: HTMLInputElement | null, file: File): void {
  if (!input || typeof DataTransfer === 'undefined') return;
  try {
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
  } catch {
    // Older browsers cannot set files: the screen's preview still shows the file.
  }
}
