// A batch's results as they finish (issue 29): one cell per item with its state and progress, the
// picture or video once made, and the batch's overall progress, ETA and Cancel.
import { Box, Button, Center, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { JobView } from '../../../contract/studio';
import { api } from '../../api/client';
import { batchEnded, useBatchStore, type BatchRun, type BatchView } from '../batches';
import { cancelQueued, type BatchSlot } from '../studioStore';
import { etaText } from '../eta';
import { resultUrl } from '../jobs';
import { noProgress } from '../queueNames';
import { AiGeneratedLabel } from './AiGeneratedLabel';
import { ProgressBar } from './ProgressBar';
import { StatusSpinner } from './StatusSpinner';

const STATUS_TEXT: Record<JobView['status'], string> = { queued: 'Queued', running: 'Generating', succeeded: 'Done', failed: 'Failed', canceled: 'Canceled' };

function BatchCell({ job, name, kind }: { job: JobView; name: string; kind: 'image' | 'video' }) {
  const url = job.status === 'succeeded' ? resultUrl(job) : null;
  return (
    <Stack as="li" gap="1.5" bg="bg.panel" borderWidth="1px" borderColor="border.muted" rounded="lg" p="1.5" aria-label={`${name}: ${STATUS_TEXT[job.status]}`}>
      <Box rounded="md" overflow="hidden" bg="bg.muted" aspectRatio="4 / 5">
        {url ? (
          kind === 'image' ? (
            <img src={url} alt={name} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <video src={url} muted loop autoPlay playsInline aria-label={name} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          )
        ) : (
          <Center h="full" p="2" textAlign="center">
            <Text fontSize="xs" color={job.status === 'failed' ? 'fg.error' : 'fg.muted'}>
              {job.status === 'failed' ? (job.error ?? 'Failed') : job.status === 'running' && !noProgress(job) ? `${STATUS_TEXT.running} ${job.progress}%` : STATUS_TEXT[job.status]}
            </Text>
          </Center>
        )}
      </Box>
      {url ? <AiGeneratedLabel alignSelf="flex-start" /> : job.status === 'running' || job.status === 'queued' ? <ProgressBar value={noProgress(job) ? null : job.progress} label={`${name} progress`} /> : null}
    </Stack>
  );
}

/** The overall line: how many are done, and the ETA while it runs. */
export function batchSummary(view: BatchView): string {
  const done = view.succeeded + view.failed + view.canceled;
  const parts = [`${done} of ${view.total} done`];
  if (view.failed) parts.push(`${view.failed} failed`);
  if (view.canceled) parts.push(`${view.canceled} canceled`);
  const eta = batchEnded(view) ? null : etaText(view.eta_seconds);
  if (eta) parts.push(`${eta} left`);
  return parts.join(' · ');
}

/** The overall progress: each job's share, an ended one counting whole. */
export const batchProgress = (view: BatchView): number =>
  view.jobs.length === 0 ? 0 : view.jobs.reduce((sum, j) => sum + (j.status === 'queued' || j.status === 'running' ? j.progress : 100), 0) / view.jobs.length;

function CancelBatch({ batchId }: { batchId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.post(`/batches/${encodeURIComponent(batchId)}/cancel`);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The batch could not be canceled.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="xs" variant="outline" loading={busy} onClick={() => void cancel()}>
        Cancel batch
      </Button>
      {error && (
        <Text role="alert" fontSize="xs" color="fg.error">
          {error}
        </Text>
      )}
    </>
  );
}

/** The result panel of a screen whose slot has a batch: saved offline, being sent, running, done, or refused. */
export function BatchGrid({ slot, run, kind, noun }: { slot: BatchSlot; run: BatchRun; kind: 'image' | 'video'; noun: string }) {
  const clear = useBatchStore((s) => s.clear);
  const plural = `${noun}s`;
  return (
    <Stack as="section" aria-labelledby={`${slot}-batch`} gap="3" bg="bg.panel" borderWidth="1px" borderColor="border.muted" rounded="2xl" p={{ base: 3, md: 4 }} aria-busy={run.state === 'sending' || run.state === 'running'}>
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Heading as="h2" size="md" id={`${slot}-batch`}>
          Your {plural}
        </Heading>
        {run.state === 'running' && <CancelBatch batchId={run.view.batch_id} />}
        {(run.state === 'done' || run.state === 'error') && (
          <Button size="xs" variant="ghost" onClick={() => clear(slot)}>
            Close
          </Button>
        )}
      </HStack>
      {run.state === 'queued' ? (
        <HStack gap="3" flexWrap="wrap">
          <Text role="status" flex="1" minW="12rem" fontSize="sm">
            Saved offline: this batch of {run.total} {plural} will be sent when you are back online.
          </Text>
          <Button size="sm" variant="outline" onClick={() => void cancelQueued(slot)}>
            Cancel batch
          </Button>
        </HStack>
      ) : run.state === 'sending' ? (
        <HStack gap="2">
          <StatusSpinner label={`Sending ${run.total} ${plural}`} />
          <Text fontSize="sm">Sending {run.total} {plural}...</Text>
        </HStack>
      ) : run.state === 'error' ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          {run.message}
        </Text>
      ) : (
        <>
          <Text role="status" fontSize="sm">
            {batchSummary(run.view)}
          </Text>
          <ProgressBar value={batchProgress(run.view)} label={`All ${plural}`} />
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, sm: 3, xl: 4 }} gap="2" aria-label={`Your ${plural}`}>
            {run.view.jobs.map((job, i) => (
              <BatchCell key={job.job_id} job={job} name={`${noun[0]!.toUpperCase()}${noun.slice(1)} ${i + 1}`} kind={kind} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
