import { useWarmInWorker } from '../../../lib/useWarmInWorker';

/** Every public page's images cached by the worker after the first visit, so they show offline. */
export const useWarmSiteMedia = (): void => useWarmInWorker('WARM_SITE_MEDIA');
