import { Type } from 'typebox';
import { Text, Url } from './formats.ts';

/** Sign-in: the access-token secret and Google. */
export const authSettings = Type.Object({
  JWT_SECRET: Type.Optional(Text('secret', {
    minLength: 32,
    defaultText: '(generated into DATA_DIR/secret.key)',
    description: 'Secret that signs access tokens; at least 32 characters.',
  })),
  JWT_SECRET_PREVIOUS: Type.Optional(Text('secret', {
    minLength: 32,
    defaultText: '(unset)',
    description: 'The secret used before JWT_SECRET (or secret.key) was changed: webhook signing secrets sealed under it are sealed again under the current one at start. Remove it once the log says none is left.',
  })),
  GOOGLE_CLIENT_ID: Type.Optional(Text('text', {
    defaultText: '(unset: Google sign-in hidden)',
    description: 'OAuth client id; the audience Google ID tokens must carry.',
  })),
  GOOGLE_JWKS_URL: Url('base-url', {
    default: 'https://www.googleapis.com/oauth2/v3/certs',
    description: 'Where the keys that sign Google ID tokens are fetched (tests point it at a local JWKS).',
  }),
});
