import { HStack } from '@chakra-ui/react';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z';

/** Five stars, the first `count` filled; read as 'N out of 5 stars'. */
export function StarRating({ count, max = 5 }: { count: number; max?: number }) {
  return (
    <HStack gap="0.5" role="img" aria-label={`${count} out of ${max} stars`}>
      {Array.from({ length: max }, (_, i) => (
        <svg key={i} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" data-filled={i < count ? 'true' : 'false'}>
          <path d={STAR} fill={i < count ? '#FFC14D' : 'none'} stroke={i < count ? '#FFC14D' : '#44445E'} strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
      ))}
    </HStack>
  );
}
