import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { TrackStatus as TrackStatusData } from '../../../api/profile';
import { PROFILE_MESSAGES } from './messages';

function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** The plan's track status: days left and the renewal date, or 'No active plan'. */
export function TrackStatus({ status }: { status: TrackStatusData | null }) {
  const active = status && status.days_left !== null && status.days_left !== undefined && status.end_date;
  return (
    <Stack gap="3" aria-label="Track status" role="group">
      <Text fontSize="sm" color="fg.muted">
        Track status
      </Text>
      {active ? (
        <HStack gap={{ base: 6, md: 10 }} align="flex-start" wrap="wrap">
          <Stack gap="0">
            <Text fontSize="3xl" fontWeight="bold" lineHeight="1">
              {status.days_left}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              {status.days_left === 1 ? 'day left' : 'days left'}
            </Text>
          </Stack>
          <Stack gap="0">
            <Text fontSize="lg" fontWeight="semibold">
              {formatDate(status.end_date!)}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              Renewal date
            </Text>
          </Stack>
        </HStack>
      ) : (
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Text fontWeight="semibold">{PROFILE_MESSAGES.noPlan}</Text>
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/subscription">See plans</RouterLink>
          </Link>
        </HStack>
      )}
    </Stack>
  );
}
