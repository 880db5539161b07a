import { Circle } from '@chakra-ui/react';
import { accentLabelGradient } from '../../../theme/accent';

/** The first letter of the name on the accent gradient. */
export function ProfileAvatar({ name }: { name: string }) {
  const letter = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Circle
      size={{ base: '20', md: '24' }}
      bgImage={accentLabelGradient}
      color="white"
      fontSize={{ base: '3xl', md: '4xl' }}
      fontWeight="bold"
      boxShadow="0 10px 40px -12px rgba(192, 76, 253, 0.7)"
      flexShrink={0}
      aria-hidden="true"
      data-testid="profile-avatar"
    >
      {letter}
    </Circle>
  );
}
