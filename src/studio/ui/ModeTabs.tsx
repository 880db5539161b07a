import { Box, Button } from '@chakra-ui/react';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface ModeTab<T extends string> {
  value: T;
  label: string;
}

interface ModeTabsProps<T extends string> {
  label: string;
  tabs: readonly ModeTab<T>[];
  value: T;
  onChange: (value: T) => void;
  children: ReactNode;
  /** For the tour: an id on the tab list. */
  id?: string;
}

/**
 * Tabs as the WAI-ARIA pattern has them (arrow keys, Home, End move and select), drawn with the
 * button recipe: a tabs recipe would grow every public page.
 */
export function ModeTabs<T extends string>({ label, tabs, value, onChange, children, id }: ModeTabsProps<T>) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    onChange(tabs[next].value);
    refs.current[next]?.focus();
  };
  return (
    <Box>
      <Box role="tablist" aria-label={label} id={id} display="flex" flexWrap="wrap" gap="1" p="1" rounded="xl" bg="bg.muted" borderWidth="1px" borderColor="border.muted">
        {tabs.map((t, i) => {
          const selected = t.value === value;
          return (
            <Button
              key={t.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              role="tab"
              id={`${base}-tab-${t.value}`}
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              flex="1 0 auto"
              px="3"
              size="sm"
              rounded="lg"
              variant={selected ? 'solid' : 'ghost'}
              onClick={() => onChange(t.value)}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
              {t.label}
            </Button>
          );
        })}
      </Box>
      <Box role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${value}`} pt="5">
        {children}
      </Box>
    </Box>
  );
}
