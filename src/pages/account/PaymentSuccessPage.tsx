import { Alert, Box, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { AccentLinkButton } from '../../app/ui/AccentButton';
import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';
import { Receipt } from './payment/Receipt';
import { RECEIPT_MESSAGES, useSubscriptionDetails } from './payment/useSubscriptionDetails';

const card = { bg: 'bg.panel', borderWidth: '1px', borderColor: 'border.muted', rounded: '2xl', p: { base: 5, md: 8 } } as const;

/** Payment (/paymentSuccess?subscription_id=…): a spinner until the details load, then the receipt. */
export default function PaymentSuccessPage() {
  // useLocation, not useSearchParams: the router's code ships with every page, so a hook only
  // this page needs would grow them all.
  const subscriptionId = new URLSearchParams(useLocation().search).get('subscription_id');
  const { load, retry } = useSubscriptionDetails(subscriptionId);

  return (
    <PageSection maxW="2xl" py={{ base: 6, md: 10 }}>
      {/* Once the receipt is in, its outcome is the heading. */}
      {load.state === 'ready' ? null : <PageTitle title="Payment" />}
      {load.state === 'loading' ? (
        <Center role="status" aria-live="polite" py="20" flexDirection="column" gap="3">
          <Spinner size="lg" color="brand.fg" borderWidth="3px" />
          <Text color="fg.muted">Loading your payment...</Text>
        </Center>
      ) : null}

      {load.state === 'missing' || load.state === 'error' ? (
        <Stack mt="6" gap="5" align="flex-start" {...card}>
          <Alert.Root status="error" rounded="xl" role="alert">
            <Alert.Indicator />
            <Alert.Title>{load.state === 'missing' ? RECEIPT_MESSAGES.missing : load.message}</Alert.Title>
          </Alert.Root>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
            {load.state === 'error' ? (
              <Button variant="outline" size="lg" onClick={() => void retry()}>
                Try again
              </Button>
            ) : null}
            <AccentLinkButton to="/pricing" size="lg">
              Back to plans
            </AccentLinkButton>
          </Stack>
        </Stack>
      ) : null}

      {load.state === 'ready' ? (
        <Stack gap="6" {...card}>
          <Receipt details={load.details} planName={load.planName} />
          <Box>
            <AccentLinkButton to="/profile" size="lg" w="full">
              Redirect back to Profile
            </AccentLinkButton>
            {!load.details.paid ? (
              <Button asChild variant="ghost" size="lg" w="full" mt="2">
                <RouterLink to="/pricing">Back to plans</RouterLink>
              </Button>
            ) : null}
          </Box>
        </Stack>
      ) : null}
    </PageSection>
  );
}
