import { chakra } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/** What the field's control needs to be labelled and described (spread onto the input). */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-errormessage': string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  error?: string;
  helper?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A label, its control, a helper line and the validation message, wired by id (label for,
 * aria-describedby, aria-errormessage, aria-invalid). Plain elements styled like Chakra's Field:
 * the public pages that show a form first (/login, /signup) do without Field's state machine
 * code (~10 KB gzip with Chakra's Input, see TextInput.tsx).
 */
export function FormField({ label, error, helper, children }: FormFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : helper ? helperId : undefined;
  return (
    <chakra.div display="flex" flexDirection="column" alignItems="flex-start" gap="1.5" width="100%" position="relative">
      <chakra.label htmlFor={id} display="flex" alignItems="center" gap="1" textStyle="sm" fontWeight="medium" userSelect="none">
        {label}
      </chakra.label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-errormessage': error ? errorId : undefined,
      })}
      {helper && !error ? (
        <chakra.div id={helperId} textStyle="xs" color="fg.muted">
          {helper}
        </chakra.div>
      ) : null}
      {error ? (
        <chakra.div id={errorId} aria-live="polite" display="inline-flex" alignItems="center" gap="1" textStyle="xs" fontWeight="medium" color="fg.error">
          {error}
        </chakra.div>
      ) : null}
    </chakra.div>
  );
}
