// The consent asked before outside media of a person is used (issue 26): plain strings, free of
// schemas, so a public page can quote them without loading the studio's contract.

/** The checkbox's label wherever outside media of a person goes in. */
export const CONSENT_LABEL = 'I have the right to use this media and the consent of the people in it';

/** The 400 answer's error (field "consent"), asked after the spec's own checks, before anything is fetched or stored. */
export const CONSENT_MESSAGE = 'Please confirm you have the right to use this media and the consent of the people in it.';
