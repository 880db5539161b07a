import { chakra, HStack } from '@chakra-ui/react';
import { useRef, useState, type KeyboardEvent } from 'react';

const STARS = [1, 2, 3, 4, 5] as const;

interface StarRatingProps {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  labelledBy?: string;
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="36" height="36" viewBox="0 0 24 24" aria-hidden="true">
      <defs>
        <linearGradient id="star-fill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#7C4DFF" />
          <stop offset="50%" stopColor="#C04CFD" />
          <stop offset="100%" stopColor="#FF5E8A" />
        </linearGradient>
      </defs>
      <path
        d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"
        fill={filled ? 'url(#star-fill)' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Five stars as a radio group ('1 star'..'5 stars'). Arrow keys move the rating; clicking (or
 * pressing Space on) the selected star clears it to 0, so 'Please select a rating' is reachable.
 */
export function StarRating({ value, onChange, disabled, labelledBy }: StarRatingProps) {
  const [hover, setHover] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = hover || value;

  const select = (star: number) => {
    onChange(star);
    refs.current[star - 1]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, star: number) => {
    const moves: Record<string, number> = {
      ArrowRight: star + 1,
      ArrowUp: star + 1,
      ArrowLeft: star - 1,
      ArrowDown: star - 1,
      Home: 1,
      End: 5,
    };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    select(Math.min(5, Math.max(1, target)));
  };

  return (
    <HStack role="radiogroup" aria-labelledby={labelledBy} gap="1" onMouseLeave={() => setHover(0)}>
      {STARS.map((star) => {
        const checked = value === star;
        // Roving tab stop: the selected star, or the first when none is selected.
        const tabbable = checked || (value === 0 && star === 1);
        return (
          <chakra.button
            key={star}
            ref={(el: HTMLButtonElement | null) => {
              refs.current[star - 1] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={star === 1 ? '1 star' : `${star} stars`}
            tabIndex={tabbable ? 0 : -1}
            disabled={disabled}
            onClick={() => onChange(checked ? 0 : star)}
            onKeyDown={(e) => onKeyDown(e, star)}
            onMouseEnter={() => !disabled && setHover(star)}
            color={star <= shown ? 'transparent' : 'fg.subtle'}
            p="1"
            rounded="md"
            cursor={disabled ? 'not-allowed' : 'pointer'}
            opacity={disabled ? 0.6 : 1}
            transition="transform 0.15s"
            _hover={{ transform: disabled ? undefined : 'scale(1.1)' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
          >
            <StarIcon filled={star <= shown} />
          </chakra.button>
        );
      })}
    </HStack>
  );
}
