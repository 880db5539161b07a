import { Button, Spinner, VisuallyHidden, type ButtonProps } from '@chakra-ui/react';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ShareIcon } from '../../app/icons/StudioIcons';
import { whenNearView } from '../../lib/nearView';
import type { ImageVariant } from '../../../contract/watermark';
import { canShareFiles, prepareShareFile, type ShareItem } from '../shareOut';

interface ShareButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'title'> {
  item: ShareItem;
  /** What the share sheet calls the item: the screen's result label or the gallery item's name. */
  title: string;
  /** Images: the same logo placement as the download beside it. */
  watermark?: ImageVariant;
  /** Read after the button's words where several items share a screen: 'Share image 1'. */
  target?: string;
  /** Where the browser cannot share files: what the Share button offers instead (Download, Copy link); none: no button. */
  fallback?: (close: () => void) => ReactNode;
}

type State =
  | { step: 'idle' }
  | { step: 'preparing'; percent: number | null }
  | { step: 'ready'; file: File }
  | { step: 'failed'; file: File | null };

const IDLE: State = { step: 'idle' };
const noSubscription = () => () => undefined;

/** The videos being prepared ahead, one after another: the end of the line. */
let videosAhead: Promise<void> = Promise.resolve();
function oneVideoAtATime(prepare: () => Promise<void>): Promise<void> {
  const turn = videosAhead.then(prepare);
  videosAhead = turn.catch(() => undefined);
  return turn;
}

/** Whether a Share button for this kind shows at all: asked on the client only, once per kind. */
export function useCanShareFiles(kind: ShareItem['kind']): boolean {
  return useSyncExternalStore(noSubscription, () => canShareFiles(kind), () => false);
}

/**
 * Share out (issue 28). Browsers allow navigator.share only shortly after a click, and watermarking
 * takes longer, so the file is prepared as the button comes near the screen (issue 45; videos one
 * at a time, 'Preparing…' with their percentage) and the tap calls navigator.share straight from
 * the click (a tap while it is being prepared does nothing). Closing the sheet is not a failure.
 * Where the browser cannot share files of the kind: the `fallback` offer, or nothing.
 */
export function ShareButton({ item, title, watermark = 'studio', target, fallback, ...rest }: ShareButtonProps) {
  const shareable = useCanShareFiles(item.kind);
  const button = useRef<HTMLButtonElement>(null);
  const [offered, setOffered] = useState(false);
  const key = `${item.kind} ${item.id ?? ''} ${item.url} ${watermark}`;
  const [held, setHeld] = useState<{ key: string; state: State }>({ key, state: IDLE });
  const state = held.key === key ? held.state : IDLE;
  const abort = useRef<AbortController | null>(null);
  // Another item (a new result) drops the file being prepared for the last one.
  useEffect(() => () => abort.current?.abort(), [key]);
  // Prepared ahead, as the item comes into view: the tap then shares at once (issue 45). Videos
  // wait their turn: each is decoded and encoded again in the watermark worker.
  useEffect(() => {
    const target = button.current;
    if (!shareable || !target) return;
    let gone = false;
    const stopWatching = whenNearView(target, '200px 0px', () => {
      if (item.kind === 'video') void oneVideoAtATime(() => (gone ? Promise.resolve() : prepareRef.current()));
      else void prepareRef.current();
    });
    return () => {
      gone = true;
      stopWatching();
    };
  }, [shareable, key]);
  const prepareRef = useRef<() => Promise<void>>(async () => undefined);

  if (!shareable) {
    if (!fallback) return null;
    return (
      <>
        <Button size="sm" variant="outline" aria-expanded={offered} onClick={() => setOffered((o) => !o)} {...rest}>
          <ShareIcon />
          Share
          {target && <VisuallyHidden> {target}</VisuallyHidden>}
        </Button>
        {offered && fallback(() => setOffered(false))}
      </>
    );
  }
  const put = (next: State) => setHeld({ key, state: next });

  const prepare = async () => {
    if (state.step === 'preparing' || state.step === 'ready') return;
    const controller = new AbortController();
    abort.current = controller;
    put({ step: 'preparing', percent: null });
    const onProgress =
      item.kind === 'video'
        ? (p: number) => setHeld((h) => (h.key === key && h.state.step === 'preparing' ? { key, state: { step: 'preparing', percent: Math.round(p * 100) } } : h))
        : undefined;
    try {
      const file = await prepareShareFile(item, { variant: watermark, signal: controller.signal, onProgress });
      if (navigator.canShare?.({ files: [file] }) === false) throw new Error(`Share: this browser cannot share ${file.type}`);
      if (!controller.signal.aborted) put({ step: 'ready', file });
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      console.error('Preparing the share failed', err);
      put({ step: 'failed', file: null });
    }
  };

  // No await before navigator.share: the click's permission to open the sheet must still hold.
  const share = (file: File) => {
    const failed = (err: unknown) => {
      if ((err as Error | undefined)?.name === 'AbortError') return;
      console.error('Share failed', err);
      put({ step: 'failed', file });
    };
    try {
      navigator.share({ files: [file], title }).catch(failed);
      // A retry that went through reads 'Share' again.
      if (state.step === 'failed') put({ step: 'ready', file });
    } catch (err) {
      failed(err);
    }
  };

  prepareRef.current = prepare;

  const onClick = () => {
    if (state.step === 'preparing') return;
    const file = state.step === 'ready' || state.step === 'failed' ? state.file : null;
    if (file) share(file);
    else void prepare();
  };

  const preparing = state.step === 'preparing';
  const words = preparing
    ? state.percent === null
      ? 'Preparing…'
      : `Preparing… ${state.percent}%`
    : state.step === 'failed'
      ? 'Share failed, retry'
      : 'Share';
  return (
    <>
      <Button
        ref={button}
        size="sm"
        variant="outline"
        onClick={onClick}
        aria-busy={preparing}
        aria-disabled={preparing || undefined}
        data-share-state={state.step}
        {...rest}
      >
        {preparing ? <Spinner size="xs" /> : <ShareIcon />}
        {words}
        {target && <VisuallyHidden> {target}</VisuallyHidden>}
      </Button>
      <VisuallyHidden aria-live="polite">{state.step === 'ready' ? `${title} is ready to share` : ''}</VisuallyHidden>
    </>
  );
}
