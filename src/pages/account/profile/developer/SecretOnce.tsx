import { Alert, Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';

interface SecretOnceProps {
  /** What the secret is, e.g. "API key". */
  label: string;
  secret: string;
  onDone: () => void;
}

/** A new key or signing secret, shown this once: selectable, with a copy button and a clear way on. */
export function SecretOnce({ label, secret, onDone }: SecretOnceProps) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const inputId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Alert.Root status="warning" rounded="xl" alignItems="flex-start">
      <Alert.Indicator />
      <Stack gap="3" flex="1" minW="0">
        <Alert.Title>
          <label htmlFor={inputId}>Your new {label}: copy it now, it will not be shown again.</label>
        </Alert.Title>
        {/* Issue 45: a monospace box that wraps anywhere and grows to its text, so the whole secret shows at 390 px, its `_` included. */}
        <Textarea
          id={inputId}
          readOnly
          value={secret}
          rows={1}
          resize="none"
          spellCheck={false}
          fontFamily="mono"
          fontSize="sm"
          lineHeight="1.6"
          wordBreak="break-all"
          bg="bg.panel"
          css={{ fieldSizing: 'content' }}
          onFocus={(e) => e.currentTarget.select()}
        />
        <HStack gap="2" flexWrap="wrap">
          <Button variant="solid" colorPalette="brand" onClick={() => void copy()}>
            Copy
          </Button>
          <Button variant="outline" onClick={onDone}>
            Done
          </Button>
        </HStack>
        <Text fontSize="sm" role="status" aria-live="polite" color={copied === 'failed' ? 'fg.error' : 'fg.muted'}>
          {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Could not copy: select the text and copy it yourself.' : ''}
        </Text>
      </Stack>
    </Alert.Root>
  );
}
