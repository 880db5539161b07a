import { Button } from '@chakra-ui/react';
import { AccentButton, AccentLinkButton } from '../../../app/ui/AccentButton';
import { enterpriseInquiryMailUrl } from '../../../content/contact';
import { PRICING_PAGE } from '../../../content/plans';
import type { Currency, Plan } from '../../../content/types';
import { usePlanCardState } from './currentPlanStore';
import { planActionProps } from './PlanCard';

/** Holds the action's place (same size and label, disabled) until the current plan is known. */
function LoadingAction({ plan }: { plan: Plan }) {
  return (
    <AccentButton {...planActionProps(PRICING_PAGE.getStarted, plan)} disabled aria-busy="true">
      {PRICING_PAGE.getStarted}
    </AccentButton>
  );
}

/** Enterprise, signed in: a compose-mail window to sales, subject 'Enterprise Plan Inquiry' (spec §2). */
function EnterpriseAction({ plan }: { plan: Plan }) {
  return (
    <Button
      {...planActionProps(PRICING_PAGE.contactUs, plan)}
      variant="outline"
      borderColor="border.emphasized"
      color="fg"
      onClick={() => window.open(enterpriseInquiryMailUrl(), '_blank', 'noopener')}
    >
      {PRICING_PAGE.contactUs}
    </Button>
  );
}

/**
 * A paid plan, signed in: 'Current Plan' (disabled) for the plan in force, 'Processing...'
 * (disabled) for a checkout under way, else Get Started to /address with the plan id in
 * navigation state (the India provider's id for rupee prices, PayPal's otherwise).
 */
function PaidPlanAction({ plan, currency }: { plan: Plan; currency: Currency }) {
  const state = usePlanCardState(plan.id);
  if (state === 'loading') return <LoadingAction plan={plan} />;
  if (state === 'current' || state === 'processing') {
    const label = state === 'current' ? PRICING_PAGE.currentPlan : PRICING_PAGE.processing;
    return (
      <Button {...planActionProps(label, plan)} variant="subtle" disabled>
        {label}
      </Button>
    );
  }
  const planId = currency === 'INR' ? plan.planId : plan.otherplanId;
  return (
    <AccentLinkButton {...planActionProps(PRICING_PAGE.getStarted, plan)} to="/address" state={{ planId }}>
      {PRICING_PAGE.getStarted}
    </AccentLinkButton>
  );
}

/** The signed-in pricing screen's action for one card (a chunk of its own, see PricingPage). */
export default function SignedInPlanAction({ plan, currency }: { plan: Plan; currency: Currency }) {
  return plan.action === 'contact' ? <EnterpriseAction plan={plan} /> : <PaidPlanAction plan={plan} currency={currency} />;
}
