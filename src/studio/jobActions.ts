// The user's steering of their own jobs (issue 29): cancel, move within their queue, run a finished
// one again, and the list the queue screen shows. Each answers the job's view (or the new job's id);
// a refusal is an ApiError with the server's own message.
import type { JobView } from '../../contract/studio';
import { api } from '../api/client';
import { newIdempotencyKey } from './jobs';

const jobPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`;

export const cancelJob = async (jobId: string): Promise<JobView> => (await api.post<JobView>(`${jobPath(jobId)}/cancel`)).data;

export const moveJob = async (jobId: string, to: 'front' | 'back'): Promise<JobView> => (await api.post<JobView>(`${jobPath(jobId)}/move`, { to })).data;

/** A finished job again, with the same settings: a new job (charged as one), its id answered. The key makes a retried press the same new job. */
export async function rerunJob(jobId: string, key = newIdempotencyKey()): Promise<string> {
  const { data } = await api.post<{ job_id: string }>(`${jobPath(jobId)}/rerun`, {}, { headers: { 'Idempotency-Key': key } });
  return data.job_id;
}
