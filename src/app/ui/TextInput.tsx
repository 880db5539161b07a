import { createRecipeContext, type InputProps } from '@chakra-ui/react';

const { withContext } = createRecipeContext({ key: 'input' });

/**
 * Chakra's Input look (the `input` recipe) on a plain <input>. Chakra's own Input is Ark's
 * Field.Input, which brings the field's state machine code along (~6 KB gzip) even with no field
 * around it; FormField does the labelling here.
 */
export const TextInput = withContext<HTMLInputElement, InputProps>('input');
