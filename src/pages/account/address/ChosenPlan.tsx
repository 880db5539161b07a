import { Badge, Box, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { FREE_TRIAL_DAYS, planPriceDisplay, PRICING_PAGE } from '../../../content/plans';
import type { Currency, Plan } from '../../../content/types';
import { ValueIcon } from '../../site/components/ValueIcon';

interface ChosenPlanProps {
  plan: Plan;
  currency: Currency;
  /** From /get_current_plan/: the account's first checkout starts with the free trial. */
  trialAvailable: boolean;
}

/** The plan being bought: name, monthly price, allowance, and the free trial when it applies. */
export function ChosenPlan({ plan, currency, trialAvailable }: ChosenPlanProps) {
  const { price, listPrice } = planPriceDisplay(plan, currency);
  return (
    <Stack as="section" aria-labelledby="chosen-plan-title" gap="4" bg="bg.panel" borderWidth="1px" borderColor="border.muted" rounded="2xl" p={{ base: 5, md: 6 }}>
      <HStack gap="4" align="center">
        <ValueIcon name={plan.icon} size={11} />
        <Stack gap="0" flex="1" minW="0">
          <Text fontSize="sm" color="fg.muted">
            Your plan
          </Text>
          <Heading as="h2" id="chosen-plan-title" fontSize="xl">
            {plan.name}
          </Heading>
        </Stack>
        <Link asChild color="brand.fg" fontSize="sm" fontWeight="semibold">
          <RouterLink to="/pricing">Change plan</RouterLink>
        </Link>
      </HStack>
      <HStack gap="2" align="baseline" flexWrap="wrap" data-testid="chosen-plan-price">
        <Text fontSize="3xl" fontWeight="extrabold" lineHeight="1">
          {price}
        </Text>
        <Text color="fg.muted">{PRICING_PAGE.perMonth}</Text>
        {listPrice ? (
          <Text as="s" color="fg.subtle">
            {/* Read out as "was …" (aria-label on an element with no role is ignored). */}
            <Text as="span" srOnly>
              was{' '}
            </Text>
            {listPrice}
          </Text>
        ) : null}
      </HStack>
      {plan.limits ? (
        <Text color="fg.muted" fontSize="sm">
          {plan.limits.faceGeneration} faces, {plan.limits.imageGeneration} images and {plan.limits.videoGeneration} videos a month.
        </Text>
      ) : null}
      {trialAvailable ? (
        <Box rounded="xl" bg="brand.subtle" borderWidth="1px" borderColor="brand.emphasized" px="4" py="3">
          <Badge rounded="full" px="2.5" mb="1.5" colorPalette="brand" variant="solid">
            {FREE_TRIAL_DAYS}-Day Free Trial
          </Badge>
          <Text fontSize="sm">
            Your first checkout includes the {FREE_TRIAL_DAYS}-day free trial: the first monthly payment of {price} is taken when it ends. Cancel before then and you pay nothing.
          </Text>
        </Box>
      ) : null}
    </Stack>
  );
}
