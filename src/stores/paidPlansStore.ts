// Whether paid plans are sold to this visitor: GET /api/plans answers `available` (an operator can
// switch a market off). Asked once per page load, when a screen first needs it. Unknown (null)
// until it answers or when the call fails: the screens then offer the plans, and the server
// refuses a checkout it cannot take.
import { useEffect, useSyncExternalStore } from 'react';
import { create } from 'zustand';
import type { PlansResponse } from '../../contract/billing';
// The client, not api/billing: public pages load the client already, not the billing calls.
import { api } from '../api/client';

interface PaidPlansState {
  available: boolean | null;
  asked: boolean;
}

export const usePaidPlansStore = create<PaidPlansState>(() => ({ available: null, asked: false }));

function ask(): void {
  if (usePaidPlansStore.getState().asked) return;
  usePaidPlansStore.setState({ asked: true });
  api.get<PlansResponse>('/plans').then(
    (res) => usePaidPlansStore.setState({ available: res.data.available }),
    // Asked again by the next screen that needs it.
    () => usePaidPlansStore.setState({ asked: false }),
  );
}

/** false where paid plans are not sold (the visitor's market is off); null while unknown. */
export function usePaidPlansAvailable(): boolean | null {
  // Prerendered pages and hydration see null: the plans' buttons, as before the answer.
  const available = useSyncExternalStore(usePaidPlansStore.subscribe, () => usePaidPlansStore.getState().available, () => null);
  useEffect(ask, []);
  return available;
}
