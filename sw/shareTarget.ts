// The share target (issue 28): the system share sheet POSTs the shared files, title, text and url
// here. The worker answers it itself, online or offline: it judges the share by the rules in
// contract/share.ts, keeps the file or link in IndexedDB for the screen it is for, and sends the
// app there (303). A signed-out person signs in first; the share waits for them.
import { createStore, set, type UseStore } from 'idb-keyval';
import { HEAD_BYTES } from '../contract/media-type';
import {
  routeShare,
  SHARE_DB,
  SHARE_FALLBACK_SCREEN,
  SHARE_FIELDS,
  SHARE_KEY,
  withShareNotice,
  type IncomingShare,
  type SharedFile,
} from '../contract/share';

let store: UseStore | undefined;
const shareStore = () => (store ??= createStore(SHARE_DB.name, SHARE_DB.store));

const textOf = (form: FormData, name: string): string | null => {
  const value = form.get(name);
  return typeof value === 'string' ? value : null;
};

/** Where the share lands, having kept what it brought. */
async function receive(request: Request): Promise<string> {
  const form = await request.formData();
  const files = form.getAll(SHARE_FIELDS.files).filter((value): value is File => value instanceof File);
  const judged: SharedFile[] = await Promise.all(
    files.map(async (file) => ({
      head: new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()),
      name: file.name,
      type: file.type,
      size: file.size,
    })),
  );
  const route = routeShare(judged, {
    title: textOf(form, SHARE_FIELDS.title),
    text: textOf(form, SHARE_FIELDS.text),
    url: textOf(form, SHARE_FIELDS.url),
  });
  if ('problem' in route) return withShareNotice(SHARE_FALLBACK_SCREEN, route.problem);
  const receivedAt = Date.now();
  let share: IncomingShare;
  if ('link' in route) {
    share = { screen: route.screen, link: route.link, receivedAt };
  } else {
    const file = files[route.file]!;
    share = { screen: route.screen as '/clothSwap' | '/AIMusic', file, name: file.name, type: file.type, receivedAt };
  }
  await set(SHARE_KEY, share, shareStore());
  return route.screen;
}

export async function receiveShare(request: Request): Promise<Response> {
  let landing: string;
  try {
    landing = await receive(request);
  } catch {
    // A body the browser could not parse, or storage refused (quota): nothing was kept.
    landing = withShareNotice(SHARE_FALLBACK_SCREEN, 'unsupported');
  }
  return Response.redirect(new URL(landing, self.location.origin).href, 303);
}
