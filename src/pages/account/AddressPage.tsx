import { Alert, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { BILLING_MESSAGES } from '../../../contract/billing-rules';
import { SvgIcon } from '../../app/icons/SvgIcon';
import { AccentLinkButton } from '../../app/ui/AccentButton';
import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';
import { planByProviderId } from '../../content/plans';
import { usePaidPlansAvailable } from '../../stores/paidPlansStore';
import { AddressForm } from './address/AddressForm';

/** The plan chosen on the pricing screen (navigation state `{planId}`), if it is one we sell. */
function useChosenPlan() {
  const state = useLocation().state as { planId?: unknown } | null;
  const planId = typeof state?.planId === 'string' ? state.planId : null;
  const plan = planId ? planByProviderId(planId) : undefined;
  return plan?.action === 'subscribe' ? plan : undefined;
}

/** In place of the form: why there is nothing to fill in, and what to do instead. */
function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack mt="8" gap="4" align="flex-start" bg="bg.panel" borderWidth="1px" borderColor="border.muted" rounded="2xl" p={{ base: 5, md: 8 }}>
      <Alert.Root status="info" rounded="xl">
        <Alert.Indicator />
        <Alert.Title>{title}</Alert.Title>
      </Alert.Root>
      {children}
    </Stack>
  );
}

/**
 * Billing Address (/address): the billing details for the chosen plan, then payment in a new tab.
 * Where paid plans are not sold (GET /api/plans), it says so instead.
 */
export default function AddressPage() {
  const plan = useChosenPlan();
  const sold = usePaidPlansAvailable() !== false;
  return (
    <PageSection maxW="6xl" py={{ base: 6, md: 10 }}>
      <HStack gap={{ base: 2, md: 3 }} align="center">
        {/* Spec §2: a billing screen's back arrow returns to the profile. */}
        <IconButton asChild variant="ghost" size={{ base: 'md', md: 'lg' }} rounded="full" aria-label="Back to Profile" ms={{ base: -2, md: -3 }}>
          <RouterLink to="/profile">
            <SvgIcon size="1.5em">
              <path d="M19 12H5M11 18l-6-6 6-6" />
            </SvgIcon>
          </RouterLink>
        </IconButton>
        <PageTitle title="Billing Address" />
      </HStack>
      {!sold ? (
        <Notice title={BILLING_MESSAGES.paidPlansUnavailable} />
      ) : (
        <>
          <Text mt="2" color="fg.muted">
            Where your subscription is billed. You approve the payment on the next page.
          </Text>
          {plan ? (
            <AddressForm plan={plan} />
          ) : (
            <Notice title="Choose a plan first: the billing address is filled in for the plan you pick.">
              <AccentLinkButton to="/pricing" size="lg">
                See plans
              </AccentLinkButton>
            </Notice>
          )}
        </>
      )}
    </PageSection>
  );
}
