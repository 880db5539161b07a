// The visitor's country (drives the pricing currency). Looked up once per session:
// /find_ip_add/ then /get_country_name/; the answer is kept in sessionStorage.
import { useEffect, useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { countryForIp, findIpAddress } from '../api/site';

const STORAGE_KEY = 'detectedCountry';

export type CountryStatus = 'idle' | 'loading' | 'done' | 'failed';

interface CountryState {
  /** ISO code such as 'IN', or null when unknown. */
  country: string | null;
  status: CountryStatus;
  detect: () => Promise<void>;
}

function readCached(): { country: string | null } | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as { country: string | null }) : null;
  } catch {
    return null;
  }
}

let inFlight: Promise<void> | null = null;

export const useCountryStore = create<CountryState>((set, get) => {
  const cached = readCached();
  return {
    country: cached?.country ?? null,
    status: cached ? 'done' : 'idle',
    detect: () => {
      if (get().status === 'done') return Promise.resolve();
      inFlight ??= (async () => {
        set({ status: 'loading' });
        try {
          const ip = await findIpAddress();
          const { country } = await countryForIp(ip);
          const code = country ? country.toUpperCase() : null;
          sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ country: code }));
          set({ country: code, status: 'done' });
        } catch (err) {
          // Spec §8: country lookup failures are logged only.
          console.warn('Country lookup failed', err);
          set({ status: 'failed' });
        } finally {
          inFlight = null;
        }
      })();
      return inFlight;
    },
  };
});

/** The detected country code (null while unknown); starts the lookup on first use. */
/**
 * The visitor's country, looked up on first use. Only the country is subscribed to: the lookup's
 * own steps (loading, done) do not re-render the page.
 */
export function useDetectedCountry(): string | null {
  // Cached in sessionStorage on an earlier page: prerendered pages show the unknown-country view
  // (dollars) until hydration is over, then this visitor's.
  const country = useSyncExternalStore(useCountryStore.subscribe, () => useCountryStore.getState().country, () => null);
  useEffect(() => {
    // A no-op once the lookup has finished (in this tab, or cached in sessionStorage).
    void useCountryStore.getState().detect();
  }, []);
  return country;
}
