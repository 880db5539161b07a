import { Alert, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { SvgIcon } from '../../app/icons/SvgIcon';
import { AccentLinkButton } from '../../app/ui/AccentButton';
import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';
import { planByProviderId } from '../../content/plans';
import { AddressForm } from './address/AddressForm';

/** The plan chosen on the pricing screen (navigation state `{planId}`), if it is one we sell. */
function useChosenPlan() {
  const state = useLocation().state as { planId?: unknown } | null;
  const planId = typeof state?.planId === 'string' ? state.planId : null;
  const plan = planId ? planByProviderId(planId) : undefined;
  return plan?.action === 'subscribe' ? plan : undefined;
}

/** Billing Address (/address): the billing details for the chosen plan, then payment in a new tab. */
export default function AddressPage() {
  const plan = useChosenPlan();
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
      <Text mt="2" color="fg.muted">
        Where your subscription is billed. You approve the payment on the next page.
      </Text>
      {plan ? (
        <AddressForm plan={plan} />
      ) : (
        <Stack mt="8" gap="4" align="flex-start" bg="bg.panel" borderWidth="1px" borderColor="border.muted" rounded="2xl" p={{ base: 5, md: 8 }}>
          <Alert.Root status="info" rounded="xl">
            <Alert.Indicator />
            <Alert.Title>Choose a plan first: the billing address is filled in for the plan you pick.</Alert.Title>
          </Alert.Root>
          <AccentLinkButton to="/pricing" size="lg">
            See plans
          </AccentLinkButton>
        </Stack>
      )}
    </PageSection>
  );
}
