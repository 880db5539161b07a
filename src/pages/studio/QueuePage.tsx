import { Box, Button, Center, Field, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { CHARACTER_NONE } from '../../../contract/characters';
import { characterById, charactersOf, useCharacterStore } from '../../stores/characterStore';
import { CharacterChip } from '../../studio/characters/CharacterAvatar';
import { CharacterSelect } from '../../studio/characters/CharacterSelect';
import { Link as RouterLink } from 'react-router-dom';
import type { JobView } from '../../../contract/studio';
import { ApiError } from '../../api/client';
import { etaText } from '../../studio/eta';
import { cancelJob, moveJob, rerunJob } from '../../studio/jobActions';
import { resultUrl } from '../../studio/jobs';
import { isActive, useQueue, type QueueJob } from '../../studio/queue';
import { batchName, elapsedText, inItemOrder, jobFacts, jobNames, kindOf, noProgress, sourceWords } from '../../studio/queueNames';
import { ProgressBar } from '../../studio/ui/ProgressBar';
import { LoadFailed, Loading } from '../../studio/ui/LoadState';
import { StudioScreenFrame } from '../../studio/ui/StudioScreen';

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

/** A clock that ticks once a second while shown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** How long a job that reports no progress has run (from the server's started_at), instead of a frozen 0%. */
function Elapsed({ since }: { since: string | null | undefined }) {
  const now = useNow();
  const start = since ? Date.parse(since) : NaN;
  return <>{Number.isFinite(start) ? `Running for ${elapsedText(now - start)}` : 'Running'}</>;
}

/** One job: what it is, where it stands, and what can be done with it. */
function JobRow({ job, name, onDone }: { job: QueueJob; name: string; onDone: (job?: JobView) => Promise<void> }) {
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
        await onDone();
      } else await onDone(action === 'cancel' ? await cancelJob(job.job_id) : await moveJob(job.job_id, action));
    } catch (err) {
      setMessage({ text: err instanceof ApiError && err.status === 0 ? 'You seem to be offline: try again when connected.' : err instanceof Error ? err.message : 'That did not work.', error: true });
    } finally {
      setBusy(null);
    }
  };
  const label = name.toLowerCase();
  const words = sourceWords(job);
  const waiting = noProgress(job);
  const inputs = (job.input_urls ?? []).slice(0, 4);
  return (
    <Stack as="li" gap="2" bg="bg.panel" borderWidth="1px" borderColor="border.muted" rounded="xl" p="3" aria-label={`${name}: ${STATUS[job.status]}`}>
      <HStack gap="3" align="flex-start">
        {url && media === 'image' && <img src={url} alt={name} width={56} height={70} style={{ width: 56, height: 70, objectFit: 'cover', borderRadius: 8, flexShrink: 0 }} />}
        <Stack gap="1" flex="1" minW="0">
          <Text fontWeight="semibold" lineClamp={2} title={words ?? undefined} wordBreak="break-word">
            {words ? `${words}${name.match(/ \(\d+\)$/)?.[0] ?? ''}` : name}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {jobFacts(job)}
          </Text>
          {job.character_id && <JobCharacter id={job.character_id} />}
          <Text fontSize="sm" color={job.status === 'failed' ? 'fg.error' : 'fg.muted'}>
            {job.status === 'queued'
              ? [job.position ? `Number ${job.position} in your queue` : 'Queued', eta].filter(Boolean).join(' · ')
              : job.status === 'running'
                ? [waiting ? <Elapsed key="e" since={job.started_at} /> : `Running, ${job.progress}%`, eta && ` · ${eta} left`]
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
        {inputs.length > 0 && (
          <HStack gap="1" flexShrink={0} aria-hidden="true">
            {inputs.map((src) => (
              <img key={src} src={src} alt="" width={36} height={36} loading="lazy" style={{ width: 36, height: 36, objectFit: 'cover', borderRadius: 6 }} />
            ))}
          </HStack>
        )}
      </HStack>
      {job.status === 'running' && <ProgressBar value={waiting ? null : job.progress} label={`${name} progress`} />}
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

function JobList({ jobs, label, names, onDone }: { jobs: readonly QueueJob[]; label: string; names: ReadonlyMap<string, string>; onDone: (job?: JobView) => Promise<void> }) {
  return (
    <Stack as="ul" listStyleType="none" gap="2" aria-label={label}>
      {jobs.map((job) => (
        <JobRow key={job.job_id} job={job} name={names.get(job.job_id) ?? kindOf(job).noun} onDone={onDone} />
      ))}
    </Stack>
  );
}

/** A batch's jobs as one card, named by its time and first words, its items in item order: its overall progress and ETA, and each job. */
function BatchCard({ batchId, jobs, title, names, onDone }: { batchId: string; jobs: readonly QueueJob[]; title: string; names: ReadonlyMap<string, string>; onDone: (job?: JobView) => Promise<void> }) {
  const done = jobs.filter((j) => !isActive(j)).length;
  const open = jobs.filter(isActive);
  // A running job that reports nothing yet counts as unknown: the batch's bar moves only on what is known.
  const unknown = open.length > 0 && open.every(noProgress) && done === 0;
  const progress = jobs.reduce((sum, j) => sum + (isActive(j) ? j.progress : 100), 0) / jobs.length;
  const etas = open.map((j) => j.eta_seconds).filter((s): s is number => typeof s === 'number');
  const eta = etas.length ? etaText(Math.max(...etas)) : null;
  const headingId = `batch-${batchId}`;
  const noun = kindOf(jobs[0]!).noun.toLowerCase();
  return (
    <Box as="section" aria-labelledby={headingId} rounded="2xl" borderWidth="1px" borderColor="border.emphasized" p={{ base: 3, md: 4 }}>
      <Heading as="h3" size="sm" id={headingId} mb="1" wordBreak="break-word">
        {title}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {jobs.length} {noun}
        {jobs.length === 1 ? '' : 's'} · {done} of {jobs.length} done{eta && done < jobs.length ? ` · ${eta} left` : ''}
      </Text>
      <Box mb="3">
        <ProgressBar value={unknown ? null : progress} label={`${title} progress`} />
      </Box>
      <JobList jobs={jobs} label={`Jobs of ${title}`} names={names} onDone={onDone} />
    </Box>
  );
}

/** Batches in list order, each with its jobs in item order and a name of its own (two alike get "(2)"). */
function batchesOf(jobs: readonly QueueJob[]): { id: string; title: string; jobs: QueueJob[] }[] {
  const groups = new Map<string, QueueJob[]>();
  for (const job of jobs) if (job.batch_id) groups.set(job.batch_id, [...(groups.get(job.batch_id) ?? []), job]);
  const seen = new Map<string, number>();
  return [...groups].map(([id, list]) => {
    const ordered = inItemOrder(list);
    const base = batchName(ordered[0]!);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { id, title: n === 1 ? base : `${base} (${n})`, jobs: ordered };
  });
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
  // After an action the whole list is read again, so every position changes at once (the moved job
  // alone at its new place would share a number with another for a moment); only when that read
  // fails does the action's own answer update its row.
  const onDone = async (job?: JobView) => {
    if (!(await reload()) && job) replace(job);
  };
  if (queue.state !== 'ready')
    return (
      <StudioScreenFrame title="Queue">
        {queue.state === 'loading' ? <Loading label="Loading your queue" /> : <LoadFailed message={queue.message} onRetry={() => void reload()} />}
      </StudioScreenFrame>
    );

  const names = jobNames(queue.jobs);
  const jobs = character ? queue.jobs.filter((j) => (character === CHARACTER_NONE ? !j.character_id : j.character_id === character)) : queue.jobs;
  const batches = batchesOf(jobs);
  const single = jobs.filter((j) => !j.batch_id);
  const running = single.filter((j) => j.status === 'running');
  const queued = single.filter((j) => j.status === 'queued');
  const finished = single.filter((j) => !isActive(j));
  return (
    <StudioScreenFrame title="Queue">
      <Stack gap="8">
        <CharacterFilter value={character} onChange={setCharacter} />
        {jobs.length === 0 ? (
          <Stack align="center" textAlign="center" py="6" gap="2">
            <Heading as="h2" size="lg">
              Nothing in your queue
            </Heading>
            <Text color="fg.muted">Jobs you start wait and run here; you can reorder or cancel them.</Text>
            <Link asChild color="brand.300" fontWeight="semibold">
              <RouterLink to="/image">Generate an image</RouterLink>
            </Link>
          </Stack>
        ) : (
          jobs.every((j) => !isActive(j)) && (
            <Text color="fg.muted">
              Nothing waits or runs now.{' '}
              <Link asChild color="brand.300" fontWeight="semibold">
                <RouterLink to="/image">Generate an image</RouterLink>
              </Link>
            </Text>
          )
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
        {batches.length > 0 && (
          <Section title="Batches">
            {batches.map((b) => (
              <BatchCard key={b.id} batchId={b.id} jobs={b.jobs} title={b.title} names={names} onDone={onDone} />
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
