import { Box, Button, Center, Field, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { CHARACTER_NONE } from '../../../contract/characters';
import { characterById, charactersOf, useCharacterStore } from '../../stores/characterStore';
import { CharacterChip } from '../../studio/characters/CharacterAvatar';
import { CharacterSelect } from '../../studio/characters/CharacterSelect';
import { Link as RouterLink } from 'react-router-dom';
import { CAPABILITIES, isCapability, type Capability, type CapabilityDescriptor } from '../../../contract/capabilities';
import type { JobView } from '../../../contract/studio';
import { ApiError } from '../../api/client';
import { etaText } from '../../studio/eta';
import { cancelJob, moveJob, rerunJob } from '../../studio/jobActions';
import { resultUrl } from '../../studio/jobs';
import { isActive, useQueue, type QueueJob } from '../../studio/queue';
import { ProgressBar } from '../../studio/ui/ProgressBar';
import { LoadFailed, Loading } from '../../studio/ui/LoadState';
import { StudioScreenFrame } from '../../studio/ui/StudioScreen';

/** Each capability's name in the queue; typed by the registry, so a new capability cannot be left out. */
const NOUN: Record<Capability, string> = {
  face: 'Face',
  image: 'Image',
  swapImage: 'Face swap image',
  swapVideo: 'Face swap video',
  clothSwap: 'Cloth swap',
  imageToVideo: 'Image to video',
  music: 'Song',
  upscale: 'Upscaled picture',
  talking: 'Talking character',
};
/** How a result shows: from the registry's gallery group of the capability. */
const MEDIA: Record<CapabilityDescriptor['media'], 'image' | 'video' | 'audio'> = { face: 'image', image: 'image', cloth: 'image', video: 'video', imgTovideo: 'video', audio: 'audio' };
const kindOf = (job: JobView): { noun: string; media: 'image' | 'video' | 'audio' } =>
  isCapability(job.kind) ? { noun: NOUN[job.kind], media: MEDIA[CAPABILITIES[job.kind].media] } : { noun: job.kind, media: 'image' };

const STATUS: Record<JobView['status'], string> = { queued: 'Queued', running: 'Running', succeeded: 'Done', failed: 'Failed', canceled: 'Canceled' };

type Action = 'cancel' | 'front' | 'back' | 'rerun';

/** Whose the job is (issue 44): the character's chip, once the characters are loaded. */
function JobCharacter({ id }: { id: string }) {
  const character = useCharacterStore((s) => characterById(s, id));
  return character ? <CharacterChip character={character} /> : null;
}

/** Issue 44: only the jobs of one character (or of none); shown once the user has a character. */
function CharacterFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const fetch = useCharacterStore((s) => s.fetch);
  const characters = useCharacterStore(charactersOf);
  useEffect(() => void fetch(), [fetch]);
  if (characters.length === 0) return null;
  return (
    <Field.Root maxW={{ md: '20rem' }}>
      <Field.Label htmlFor="queue-character">Character</Field.Label>
      <CharacterSelect filter id="queue-character" characters={characters} value={value} onChange={onChange} />
    </Field.Root>
  );
}

/** One job: what it is, where it stands, and what can be done with it. */
function JobRow({ job, name, onDone }: { job: QueueJob; name: string; onDone: (job?: JobView) => void }) {
  const [busy, setBusy] = useState<Action | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const { media } = kindOf(job);
  const url = job.status === 'succeeded' ? resultUrl(job) : null;
  const eta = isActive(job) ? etaText(job.eta_seconds) : null;
  const act = async (action: Action) => {
    setBusy(action);
    setMessage(null);
    try {
      if (action === 'rerun') {
        await rerunJob(job.job_id);
        setMessage({ text: 'Started again: it is in your queue.', error: false });
        onDone();
      } else onDone(action === 'cancel' ? await cancelJob(job.job_id) : await moveJob(job.job_id, action));
    } catch (err) {
      setMessage({ text: err instanceof ApiError && err.status === 0 ? 'You seem to be offline: try again when connected.' : err instanceof Error ? err.message : 'That did not work.', error: true });
    } finally {
      setBusy(null);
    }
  };
  const label = name.toLowerCase();
  return (
    <Stack as="li" gap="2" bg="bg.panel" borderWidth="1px" borderColor="border.muted" rounded="xl" p="3" aria-label={`${name}: ${STATUS[job.status]}`}>
      <HStack gap="3" align="flex-start">
        {url && media === 'image' && <img src={url} alt={name} width={56} height={70} style={{ width: 56, height: 70, objectFit: 'cover', borderRadius: 8, flexShrink: 0 }} />}
        <Stack gap="1" flex="1" minW="0">
          <Text fontWeight="semibold">{name}</Text>
          {job.character_id && <JobCharacter id={job.character_id} />}
          <Text fontSize="sm" color={job.status === 'failed' ? 'fg.error' : 'fg.muted'}>
            {job.status === 'queued'
              ? [job.position ? `Number ${job.position} in your queue` : 'Queued', eta].filter(Boolean).join(' · ')
              : job.status === 'running'
                ? [`Running, ${job.progress}%`, eta && `${eta} left`].filter(Boolean).join(' · ')
                : job.status === 'failed'
                  ? `Failed: ${job.error ?? 'no reason given'}`
                  : `${STATUS[job.status]} · ${new Date(job.finished_at ?? job.updated_at).toLocaleString()}`}
          </Text>
          {url && media !== 'image' && (
            <Link href={url} target="_blank" rel="noopener" color="brand.300" fontSize="sm" w="fit-content">
              {media === 'video' ? 'Play the video' : 'Play the song'}
              <Box as="span" srOnly>
                {' '}
                of {label} (opens in a new tab)
              </Box>
            </Link>
          )}
        </Stack>
      </HStack>
      {job.status === 'running' && <ProgressBar value={job.progress} label={`${name} progress`} />}
      <HStack gap="2" flexWrap="wrap">
        {job.status === 'queued' && (
          <>
            <Button size="xs" variant="outline" loading={busy === 'front'} onClick={() => void act('front')} aria-label={`Move to front, ${label}`}>
              Move to front
            </Button>
            <Button size="xs" variant="outline" loading={busy === 'back'} onClick={() => void act('back')} aria-label={`Move to back, ${label}`}>
              Move to back
            </Button>
          </>
        )}
        {isActive(job) ? (
          <Button size="xs" variant="outline" loading={busy === 'cancel'} onClick={() => void act('cancel')} aria-label={`Cancel ${label}`}>
            Cancel
          </Button>
        ) : (
          <Button size="xs" variant="outline" loading={busy === 'rerun'} onClick={() => void act('rerun')} aria-label={`Re-run ${label}`}>
            Re-run
          </Button>
        )}
        <Text as="span" role="status" fontSize="xs" color={message?.error ? 'fg.error' : 'fg.muted'}>
          {message?.text}
        </Text>
      </HStack>
    </Stack>
  );
}

/**
 * Each job's name: its kind and its number among the shown jobs of that kind by creation ("Face 3"),
 * so a name stays with its job while the job moves in the queue.
 */
function jobNames(jobs: readonly JobView[]): ReadonlyMap<string, string> {
  const byAge = [...jobs].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.job_id.localeCompare(b.job_id));
  const counts = new Map<string, number>();
  const names = new Map<string, string>();
  for (const job of byAge) {
    const n = (counts.get(job.kind) ?? 0) + 1;
    counts.set(job.kind, n);
    names.set(job.job_id, `${kindOf(job).noun} ${n}`);
  }
  return names;
}

function JobList({ jobs, label, names, onDone }: { jobs: readonly QueueJob[]; label: string; names: ReadonlyMap<string, string>; onDone: (job?: JobView) => void }) {
  return (
    <Stack as="ul" listStyleType="none" gap="2" aria-label={label}>
      {jobs.map((job) => (
        <JobRow key={job.job_id} job={job} name={names.get(job.job_id) ?? kindOf(job).noun} onDone={onDone} />
      ))}
    </Stack>
  );
}

/** A batch's jobs as one card: its overall progress and ETA, and each job. */
function BatchCard({ batchId, jobs, index, names, onDone }: { batchId: string; jobs: readonly QueueJob[]; index: number; names: ReadonlyMap<string, string>; onDone: (job?: JobView) => void }) {
  const done = jobs.filter((j) => !isActive(j)).length;
  const progress = jobs.reduce((sum, j) => sum + (isActive(j) ? j.progress : 100), 0) / jobs.length;
  const etas = jobs.filter(isActive).map((j) => j.eta_seconds).filter((s): s is number => typeof s === 'number');
  const eta = etas.length ? etaText(Math.max(...etas)) : null;
  const headingId = `batch-${batchId}`;
  return (
    <Box as="section" aria-labelledby={headingId} rounded="2xl" borderWidth="1px" borderColor="border.emphasized" p={{ base: 3, md: 4 }}>
      <Heading as="h3" size="sm" id={headingId} mb="1">
        Batch {index}: {jobs.length} {kindOf(jobs[0]!).noun.toLowerCase()}
        {jobs.length === 1 ? '' : 's'}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {done} of {jobs.length} done{eta && done < jobs.length ? ` · ${eta} left` : ''}
      </Text>
      <Box mb="3">
        <ProgressBar value={progress} label={`Batch ${index} progress`} />
      </Box>
      <JobList jobs={jobs} label={`Jobs of batch ${index}`} names={names} onDone={onDone} />
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `queue-${title.toLowerCase()}`;
  return (
    <Box as="section" aria-labelledby={id}>
      <Heading as="h2" size="md" id={id} mb="3">
        {title}
      </Heading>
      <Stack gap="3">{children}</Stack>
    </Box>
  );
}

/** Queue (/queue): what runs, what waits (position, ETA), what finished; cancel, move, re-run (issue 29). */
export default function QueuePage() {
  const { queue, reload, loadMore, replace } = useQueue();
  const [character, setCharacter] = useState('');
  const onDone = (job?: JobView) => {
    if (job) replace(job);
    void reload();
  };
  if (queue.state !== 'ready')
    return (
      <StudioScreenFrame title="Queue">
        {queue.state === 'loading' ? <Loading label="Loading your queue" /> : <LoadFailed message={queue.message} onRetry={() => void reload()} />}
      </StudioScreenFrame>
    );

  const names = jobNames(queue.jobs);
  const jobs = character ? queue.jobs.filter((j) => (character === CHARACTER_NONE ? !j.character_id : j.character_id === character)) : queue.jobs;
  const batches = new Map<string, QueueJob[]>();
  for (const job of jobs) if (job.batch_id) batches.set(job.batch_id, [...(batches.get(job.batch_id) ?? []), job]);
  const single = jobs.filter((j) => !j.batch_id);
  const running = single.filter((j) => j.status === 'running');
  const queued = single.filter((j) => j.status === 'queued');
  const finished = single.filter((j) => !isActive(j));
  const nothingWaits = jobs.every((j) => !isActive(j));
  return (
    <StudioScreenFrame title="Queue">
      <Stack gap="8">
        <CharacterFilter value={character} onChange={setCharacter} />
        {nothingWaits && (
          <Stack align="center" textAlign="center" py="6" gap="2">
            <Heading as="h2" size="lg">
              Nothing in your queue
            </Heading>
            <Text color="fg.muted">Jobs you start wait and run here; you can reorder or cancel them.</Text>
            <Link asChild color="brand.300" fontWeight="semibold">
              <RouterLink to="/image">Generate an image</RouterLink>
            </Link>
          </Stack>
        )}
        {running.length > 0 && (
          <Section title="Running">
            <JobList jobs={running} label="Running jobs" names={names} onDone={onDone} />
          </Section>
        )}
        {queued.length > 0 && (
          <Section title="Queued">
            <JobList jobs={queued} label="Queued jobs" names={names} onDone={onDone} />
          </Section>
        )}
        {batches.size > 0 && (
          <Section title="Batches">
            {[...batches].map(([id, list], i) => (
              <BatchCard key={id} batchId={id} jobs={list} index={i + 1} names={names} onDone={onDone} />
            ))}
          </Section>
        )}
        {finished.length > 0 && (
          <Section title="Finished">
            <JobList jobs={finished} label="Finished jobs" names={names} onDone={onDone} />
          </Section>
        )}
        {queue.next && (
          <Center>
            <Button variant="outline" size="sm" loading={queue.more === 'loading'} onClick={() => void loadMore()}>
              {queue.more === 'error' ? 'Could not load more: try again' : 'Show older jobs'}
            </Button>
          </Center>
        )}
      </Stack>
    </StudioScreenFrame>
  );
}
