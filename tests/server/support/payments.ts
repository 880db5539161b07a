// Shared by the payment adapter tests: a checkout request with overridable fields, and the
// PaymentProviderError a promise rejects with.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { PaymentProviderError, type CheckoutRequest } from '../../../server/src/payments/types.ts';

/** A checkout for `market`'s Basic plan; every field can be overridden. */
export function checkoutRequest(market: Pick<CheckoutRequest, 'providerPlanId' | 'price' | 'user'>, overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    subscriptionId: randomUUID(),
    plan: { id: 'basic', name: 'Basic' },
    trialDays: 0,
    returnUrl: 'https://personastudio.test/paymentSuccess',
    cancelUrl: 'https://personastudio.test/pricing',
    now: Date.now(),
    ...market,
    ...overrides,
  };
}

/** The error a promise rejects with (the test fails when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const outcome = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(outcome).toBeInstanceOf(PaymentProviderError);
  return outcome as PaymentProviderError;
}
