import { Badge, Box, Button, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BILLING_MESSAGES } from '../../../../contract/billing-rules';
import { AccentLinkButton } from '../../../app/ui/AccentButton';
import { PRICING_PAGE, planPriceDisplay } from '../../../content/plans';
import type { Currency, Plan } from '../../../content/types';
import { accentGradient, accentLabelGradient } from '../../../theme/accent';
import { ValueIcon } from '../components/ValueIcon';

function Check() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="#AD8CFF" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" style={{ flexShrink: 0, marginTop: 4 }}>
      <path d="M5 12l5 5 9-10" />
    </svg>
  );
}

/** Shared by every card's action (visitor and signed-in): full width, pill, large. */
export function planActionProps(label: string, plan: Plan) {
  return { w: '100%', rounded: 'full', size: 'lg' as const, 'aria-label': `${label}: ${plan.name}` };
}

/** The visitor's action: Get Started leads to /login, Enterprise's Contact Us to /contact. */
function VisitorPlanAction({ plan }: { plan: Plan }) {
  const label = plan.action === 'contact' ? PRICING_PAGE.contactUs : PRICING_PAGE.getStarted;
  const common = planActionProps(label, plan);
  if (plan.action === 'contact') {
    return (
      <Button {...common} asChild variant="outline" borderColor="border.emphasized" color="fg">
        <RouterLink to="/contact">{label}</RouterLink>
      </Button>
    );
  }
  return (
    <AccentLinkButton {...common} to="/login">
      {label}
    </AccentLinkButton>
  );
}

/** In place of a paid plan's button where paid plans are not sold (the visitor's market is off). */
export function PlanNotSold() {
  return (
    <Text minH="11" display="flex" alignItems="center" justifyContent="center" textAlign="center" px="4" py="2" rounded="xl" bg="bg.subtle" color="fg.muted" fontSize="sm">
      {BILLING_MESSAGES.paidPlansUnavailable}
    </Text>
  );
}

/**
 * One plan: price (struck-through list price), limits, features and its action. `action` replaces
 * the visitor's action (the signed-in screen's actions load in a chunk of their own).
 */
export function PlanCard({ plan, currency, action }: { plan: Plan; currency: Currency; action?: ReactNode }) {
  const { price, listPrice, perMonth } = planPriceDisplay(plan, currency);
  return (
    <Box position="relative" rounded="2xl" p="1px" bgImage={plan.popular ? accentGradient : undefined} bg={plan.popular ? undefined : 'border.muted'}>
      <Stack as="article" aria-label={`${plan.name} plan`} gap="5" h="100%" p={{ base: 6, md: 7 }} rounded="calc(1rem - 1px)" bg="bg.panel">
        <HStack justify="space-between" align="flex-start">
          <ValueIcon name={plan.icon} size={11} />
          {plan.popular ? (
            <Badge rounded="full" px="3" py="1" bgImage={accentLabelGradient} color="white">
              Most popular
            </Badge>
          ) : null}
        </HStack>
        <Stack gap="1">
          <Heading as="h2" fontSize="2xl">
            {plan.name}
          </Heading>
          <Text color="fg.muted" fontSize="sm" minH={{ xl: '14' }}>
            {plan.description}
          </Text>
        </Stack>
        <HStack gap="2" align="baseline" flexWrap="wrap" minH="12" data-testid="plan-price">
          <Text fontSize="4xl" fontWeight="extrabold" letterSpacing="-0.02em" lineHeight="1">
            {price}
          </Text>
          {perMonth ? <Text color="fg.muted">{PRICING_PAGE.perMonth}</Text> : null}
          {listPrice ? (
            <Text as="s" color="fg.subtle" fontSize="lg">
              {/* Read out as "was …" (aria-label on an element with no role is ignored). */}
              <Text as="span" srOnly>
                was{' '}
              </Text>
              {listPrice}
            </Text>
          ) : null}
        </HStack>
        {action ?? <VisitorPlanAction plan={plan} />}
        {plan.limits ? (
          <HStack as="dl" gap="2" justify="space-between" p="3" rounded="xl" bg="bg.subtle" textAlign="center">
            {(
              [
                ['Faces', plan.limits.faceGeneration],
                ['Images', plan.limits.imageGeneration],
                ['Videos', plan.limits.videoGeneration],
              ] as const
            ).map(([label, n]) => (
              <Box key={label} flex="1">
                <Text as="dd" fontWeight="bold" fontSize="xl">
                  {n}
                </Text>
                <Text as="dt" fontSize="xs" color="fg.muted">
                  {label}
                </Text>
              </Box>
            ))}
          </HStack>
        ) : null}
        <List.Root gap="2" listStyleType="none" fontSize="sm" color="fg.muted">
          {plan.features.map((f) => (
            <List.Item key={f} display="flex" gap="2">
              <Check />
              <span>{f}</span>
            </List.Item>
          ))}
        </List.Root>
      </Stack>
    </Box>
  );
}
