import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { lazy, memo, Suspense } from 'react';
import { HydrateNearView } from '../../app/HydrateNearView';
import { PageSection } from '../../app/ui/PageSection';
import { currencyForCountry, PLANS, PRICING_FAQS, PRICING_PAGE, PROMOTION } from '../../content/plans';
import { hasAccessToken } from '../../lib/session';
import { useClientValue } from '../../lib/useClientValue';
import { useDetectedCountry } from '../../stores/countryStore';
import { usePaidPlansAvailable } from '../../stores/paidPlansStore';
import { accentLabelGradient } from '../../theme/accent';
import { Highlighted, PageHero } from './components/PageHero';
import { SectionHeading } from './components/SectionHeading';
import { PlanCard, PlanNotSold } from './pricing/PlanCard';

// Further down the page: its code loads when the FAQ is hydrated near view (or rendered).
const FaqAccordion = lazy(() => import('./components/FaqAccordion').then((m) => ({ default: m.FaqAccordion })));
// Signed in only: the cards' actions and the /get_current_plan/ call they need. Visitors (and the
// prerendered page) never load this chunk.
const SignedInPlanAction = lazy(() => import('./pricing/SignedInPlanAction'));

/**
 * The FAQ under the plans, hydrated near view. Memoised: the page re-renders when the country is
 * known, and an update reaching the block before it is hydrated would make React render it anew.
 */
const PricingFaq = memo(function PricingFaq() {
  return (
    <HydrateNearView>
      <PageSection as="section" aria-labelledby="pricing-faq-title" maxW="4xl">
        <Stack gap="8">
          <SectionHeading id="pricing-faq-title" title={PRICING_PAGE.faqTitle} highlight={PRICING_PAGE.faqGradianttitle} textAlign="center" align="center" />
          <FaqAccordion items={PRICING_FAQS} />
        </Stack>
      </PageSection>
    </HydrateNearView>
  );
});

/**
 * Pricing (/pricing and /subscription). One component for both: whether Get Started leads to
 * /login (visitor) or /address (signed in, with 'Current Plan' and 'Processing...' states) is
 * decided here from the session, not by the route.
 * Rupees for visitors detected in India, dollars otherwise (and while the country is unknown).
 * Where paid plans are not sold (GET /api/plans), their cards say so instead of offering a button.
 */
export default function PricingPage() {
  const country = useDetectedCountry();
  const currency = currencyForCountry(country);
  const signedIn = useClientValue(hasAccessToken, false);
  const sold = usePaidPlansAvailable() !== false;
  return (
    <>
      <Box bgImage={accentLabelGradient} color="white" textAlign="center" py="2.5" px="4" fontWeight="bold" letterSpacing="0.08em" fontSize={{ base: 'sm', md: 'md' }} role="note">
        {PROMOTION.label}
      </Box>
      <PageSection>
        <PageHero center title="Pricing" headline={<Highlighted title={PRICING_PAGE.title} highlight={PRICING_PAGE.gradianttitle} />} intro={PRICING_PAGE.subtitle} />
        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="5" mt={{ base: 8, md: 12 }} data-currency={currency}>
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              currency={currency}
              action={
                plan.action === 'subscribe' && !sold ? (
                  <PlanNotSold />
                ) : signedIn ? (
                  // Holds the button's height while the chunk loads.
                  <Suspense fallback={<Box h="11" />}>
                    <SignedInPlanAction plan={plan} currency={currency} />
                  </Suspense>
                ) : undefined
              }
            />
          ))}
        </SimpleGrid>
        <Text textAlign="center" color="fg.subtle" fontSize="sm" mt="6">
          Prices in {currency === 'INR' ? 'Indian rupees' : 'US dollars'}, billed monthly. Cancel any time.
        </Text>
      </PageSection>
      <PricingFaq />
    </>
  );
}
