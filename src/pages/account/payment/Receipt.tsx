import { Box, Circle, Grid, Separator, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BILLING_MESSAGES } from '../../../../contract/billing-rules';
import type { SubscriptionDetails } from '../../../api/billing';
import { SvgIcon } from '../../../app/icons/SvgIcon';
import { PageTitle } from '../../../app/ui/PageTitle';
import { accentLabelGradient } from '../../../theme/accent';
import { firstCharge, formatAmount, formatDateTime, monthlyPrice, receiptPlan } from './receiptFormat';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid templateColumns={{ base: '1fr', sm: '11rem minmax(0, 1fr)' }} gap={{ base: 0.5, sm: 4 }} py="2.5">
      <Text as="dt" color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Text as="dd" fontWeight="medium" wordBreak="break-word" textAlign={{ sm: 'end' }}>
        {children}
      </Text>
    </Grid>
  );
}

function StatusMark({ paid }: { paid: boolean }) {
  return (
    <Circle size="16" bgImage={paid ? accentLabelGradient : undefined} bg={paid ? undefined : 'red.muted'} color={paid ? 'white' : 'red.fg'} aria-hidden="true">
      <SvgIcon size="2em" strokeWidth={2.2}>
        {paid ? <path d="M5 12.5l4.5 4.5L19 7.5" /> : <path d="M7 7l10 10M17 7L7 17" />}
      </SvgIcon>
    </Circle>
  );
}

/** The receipt of spec §2: amount, plan, price, total, status and the subscription's details. */
export function Receipt({ details, planName }: { details: SubscriptionDetails; planName: string }) {
  const { value, currency_code: currency } = details.billing_info.last_payment.amount;
  const amount = formatAmount(value, currency);
  const price = monthlyPrice(receiptPlan(details), currency);
  const status = details.paid ? BILLING_MESSAGES.paymentReceived : BILLING_MESSAGES.paymentFailed;
  const first = firstCharge(details);
  return (
    <Stack gap="6">
      <Stack align="center" textAlign="center" gap="3">
        <StatusMark paid={details.paid} />
        {/* The page's heading is the outcome; announced when it replaces the spinner. */}
        <Box role={details.paid ? 'status' : 'alert'}>
          <PageTitle title={status} fontSize={{ base: '2xl', md: '4xl' }} data-testid="payment-status" />
        </Box>
        <Stack gap="0">
          <Text color="fg.muted" fontSize="sm">
            Amount Paid
          </Text>
          <Text fontSize={{ base: '4xl', md: '5xl' }} fontWeight="extrabold" letterSpacing="-0.02em" lineHeight="1.1" data-testid="amount-paid">
            {amount}
          </Text>
        </Stack>
        {details.paid && first ? (
          <Text fontSize="md" fontWeight="medium" data-testid="first-charge">
            Free trial: {amount} today. {first.amount} will be charged on {first.date}.
          </Text>
        ) : null}
        {details.paid ? (
          <Text color="fg.muted" fontSize="sm">
            {BILLING_MESSAGES.receiptNote}
          </Text>
        ) : null}
      </Stack>

      <Box as="dl" bg="bg.subtle" rounded="xl" px={{ base: 4, md: 5 }} py="2">
        <Row label="Plan">{planName}</Row>
        <Row label="Price">{price ? `${price}/month` : '-'}</Row>
        {details.trial_end ? <Row label="Free trial ends">{formatDateTime(details.trial_end)}</Row> : null}
        {first ? <Row label="First charge">{`${first.amount} on ${first.date}`}</Row> : null}
        <Separator my="1" />
        <Row label="Total">
          <Text as="span" fontWeight="bold" fontSize="lg">
            {amount}
          </Text>
        </Row>
      </Box>

      <Box as="dl">
        <Row label="Subscription id">
          <Text as="span" fontFamily="mono" fontSize="sm">
            {details.id}
          </Text>
        </Row>
        <Row label="Plan id">
          <Text as="span" fontFamily="mono" fontSize="sm">
            {details.plan_id}
          </Text>
        </Row>
        <Row label="Start time">{formatDateTime(details.start_time)}</Row>
        <Row label="Create time">{formatDateTime(details.create_time)}</Row>
        <Row label="Customer name">{details.subscriber.name || '-'}</Row>
        <Row label="Payment provider email">{details.subscriber.email_address || '-'}</Row>
        <Row label="User email">{details.user_email || '-'}</Row>
        <Row label="Payment method">{details.payment_method || '-'}</Row>
      </Box>
    </Stack>
  );
}
