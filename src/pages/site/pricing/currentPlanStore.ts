// The signed-in user's plan for the pricing cards (/get_current_plan/). Loaded with the signed-in
// actions' chunk only: visitors never download it. One request per visit of the page, shared by
// the four cards.
import { useEffect } from 'react';
import { create } from 'zustand';
import { billingApi, type CurrentPlanResponse } from '../../../api/billing';
import { getSession, SessionKey } from '../../../lib/session';

export interface CurrentPlanState {
  status: 'loading' | 'ready' | 'failed';
  /** Whose plan `data` is: a later sign-in as someone else starts from 'loading'. */
  userId: string | null;
  data: CurrentPlanResponse | null;
}

export const useCurrentPlanStore = create<CurrentPlanState>(() => ({ status: 'loading', userId: null, data: null }));

let inFlight: Promise<void> | null = null;

/** Asks the server again (each visit of the page); concurrent callers share one request. */
export function loadCurrentPlan(): Promise<void> {
  const userId = getSession(SessionKey.userId) ?? '';
  if (useCurrentPlanStore.getState().userId !== userId) useCurrentPlanStore.setState({ status: 'loading', userId, data: null });
  inFlight ??= billingApi
    .currentPlan(userId)
    .then((res) => useCurrentPlanStore.setState({ status: 'ready', userId, data: res.data }))
    .catch(() => {
      // Unknown plan: every card offers Get Started; the server refuses a second subscription.
      if (useCurrentPlanStore.getState().status === 'loading') useCurrentPlanStore.setState({ status: 'failed' });
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

export type PlanCardState = 'loading' | 'current' | 'processing' | 'available';

/** What one card's action shows for plan `slug` ('basic', 'advanced', 'premium'). */
export function planCardState(state: CurrentPlanState, slug: string): PlanCardState {
  if (state.status === 'loading') return 'loading';
  if (state.data?.plan === slug) return 'current';
  if (state.data?.processing_plan === slug) return 'processing';
  return 'available';
}

/** The card state of plan `slug`, loading the current plan once when the page mounts. */
export function usePlanCardState(slug: string): PlanCardState {
  useEffect(() => {
    void loadCurrentPlan();
  }, []);
  return useCurrentPlanStore((s) => planCardState(s, slug));
}
