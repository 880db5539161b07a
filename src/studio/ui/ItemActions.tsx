// A gallery item's actions (issue 45), shared by its card and its details panel: Favourite,
// Delete (with the page's Undo), Re-run and Share (with Download and Copy link where the browser
// cannot share files).
import { Button, IconButton, Link, Text, type ButtonProps } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { StarIcon, TrashIcon } from '../../app/icons/GalleryIcons';
import { ApiError } from '../../api/client';
import { deleteLater, setFavourite, useFavourite } from '../galleryEdits';
import type { Item } from '../galleryItems';
import { rerunJob } from '../jobActions';
import { ShareButton } from './ShareButton';
import { itemLink, ShareOffer } from './ShareOffer';

/** The star: marks or unmarks the item a favourite (PATCH /api/media/{id}). */
export function FavouriteButton({ item, name, ...rest }: { item: Item; name: string } & Omit<ButtonProps, 'onClick'>) {
  const on = useFavourite(item.id, item.favourite);
  return (
    <IconButton
      size="xs"
      variant="subtle"
      rounded="full"
      aria-label={`Favourite ${name.toLowerCase()}`}
      aria-pressed={on}
      color={on ? 'orange.300' : undefined}
      onClick={(e) => {
        // Not a pick of the card while picking (the media's click).
        e.stopPropagation();
        void setFavourite([item.id], !on, name);
      }}
      {...rest}
    >
      <StarIcon filled={on} />
    </IconButton>
  );
}

/** Delete: the item goes from the page at once; the page's notice offers Undo for 10 s. */
export function DeleteButton({ item, name, onDeleted, ...rest }: { item: Item; name: string; onDeleted?: () => void } & Omit<ButtonProps, 'onClick'>) {
  return (
    <Button
      size="xs"
      variant="outline"
      aria-label={`Delete ${name.toLowerCase()}`}
      onClick={() => {
        deleteLater([item.id], name);
        onDeleted?.();
      }}
      {...rest}
    >
      <TrashIcon />
      Delete
    </Button>
  );
}

type Rerun = { state: 'idle' } | { state: 'sending' } | { state: 'sent' } | { state: 'error'; message: string };

/** "Re-run": the item's job again, with the same settings; the new job is followed on /queue. */
export function RerunButton({ jobId, name }: { jobId: string; name: string }) {
  const [rerun, setRerun] = useState<Rerun>({ state: 'idle' });
  const start = async () => {
    setRerun({ state: 'sending' });
    try {
      await rerunJob(jobId);
      setRerun({ state: 'sent' });
    } catch (err) {
      setRerun({ state: 'error', message: err instanceof ApiError && err.status === 0 ? 'You seem to be offline: try again when connected.' : err instanceof Error ? err.message : 'Re-run failed.' });
    }
  };
  return (
    <>
      <Button size="xs" variant="outline" onClick={() => void start()} loading={rerun.state === 'sending'} aria-label={`Re-run ${name.toLowerCase()}`}>
        Re-run
      </Button>
      <Text as="span" role="status" fontSize="xs" color={rerun.state === 'error' ? 'fg.error' : 'fg.muted'} w={rerun.state === 'sent' || rerun.state === 'error' ? 'full' : undefined}>
        {rerun.state === 'sent' ? (
          <>
            Started again:{' '}
            <Link asChild color="brand.300">
              <RouterLink to="/queue">see it in your queue</RouterLink>
            </Link>
          </>
        ) : rerun.state === 'error' ? rerun.message : null}
      </Text>
    </>
  );
}

/**
 * Share, prepared as the item comes into view (videos one at a time) so the tap shares at once;
 * where the browser cannot share files, the button offers Download and Copy link.
 */
export function ItemShare({ item, name, noteId }: { item: Item; name: string; noteId?: string }) {
  return (
    <ShareButton
      size="xs"
      item={item}
      title={name}
      target={name.toLowerCase()}
      watermark="gallery"
      aria-describedby={noteId}
      fallback={() => <ShareOffer item={item} name={name} link={itemLink(item.id)} watermark="gallery" />}
    />
  );
}
