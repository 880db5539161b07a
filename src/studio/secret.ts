// The fixed secret the spec's client encrypts stored results with (document 2 §3). It ships in
// the studio's chunks only, never in a chunk public pages load (ARCHITECTURE §8); like the
// security-key header it marks data as ours and protects nothing.
export const RESULT_SECRET: string = import.meta.env.VITE_RESULT_SECRET ?? 'persona-studio-results';
