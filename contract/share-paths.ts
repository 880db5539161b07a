// The share target's and the file handlers' paths (manifest.webmanifest), alone in this module:
// the route table imports them, and it is on every page's first load, which the rest of
// contract/share.ts must stay out of.

/** The share target's action (POST, multipart/form-data). */
export const SHARE_TARGET_PATH = '/share-target';
/** The file handlers' action: the page the installed app opens a file with (window.launchQueue). */
export const OPEN_FILE_PATH = '/open-file';
