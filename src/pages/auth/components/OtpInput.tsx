import { HStack } from '@chakra-ui/react';
import { TextInput } from '../../../app/ui/TextInput';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH, otpDigit, otpFromPaste } from '../../../lib/validation';

interface OtpInputProps {
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * Six single-digit boxes: digits only, typing moves to the next box, Backspace on an empty box
 * moves back, and a pasted (or autofilled) six-digit code fills them all.
 */
export function OtpInput({ digits, onChange, disabled, autoFocus }: OtpInputProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => {
    const el = refs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    el?.focus();
    el?.select();
  };

  const setDigit = (index: number, value: string) => {
    const next = [...digits];
    next[index] = value;
    onChange(next);
  };

  const onInput = (index: number, text: string) => {
    const code = otpFromPaste(text);
    if (code) {
      onChange(code);
      focus(OTP_LENGTH - 1);
      return;
    }
    const digit = otpDigit(text);
    setDigit(index, digit);
    if (digit && index < OTP_LENGTH - 1) focus(index + 1);
  };

  const onKeyDown = (index: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[index] && index > 0) {
      e.preventDefault();
      setDigit(index - 1, '');
      focus(index - 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(index - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const code = otpFromPaste(e.clipboardData.getData('text'));
    e.preventDefault();
    if (!code) return;
    onChange(code);
    focus(OTP_LENGTH - 1);
  };

  return (
    <HStack role="group" aria-label="One-time code" gap={{ base: 2, sm: 3 }} justify="center">
      {Array.from({ length: OTP_LENGTH }, (_, index) => (
        <TextInput
          key={index}
          ref={(el) => {
            refs.current[index] = el;
          }}
          aria-label={`Digit ${index + 1}`}
          value={digits[index] ?? ''}
          onChange={(e) => onInput(index, e.target.value)}
          onKeyDown={(e) => onKeyDown(index, e)}
          onPaste={onPaste}
          onFocus={(e) => e.target.select()}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          // A whole code may arrive in one box (autofill); onInput spreads it.
          maxLength={index === 0 ? OTP_LENGTH : 2}
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          w={{ base: '12', sm: '14' }}
          h={{ base: '14', sm: '16' }}
          p="0"
          textAlign="center"
          fontSize="2xl"
          fontWeight="semibold"
          bg="bg.subtle"
          borderColor="border.emphasized"
          _focusVisible={{ borderColor: 'brand.fg', boxShadow: '0 0 0 1px var(--chakra-colors-brand-fg)' }}
        />
      ))}
    </HStack>
  );
}
