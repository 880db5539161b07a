// Numbered media files (carousel/01.webp, testimonials/08.webp): the site media manifest and the
// page's content name them the same way. A module of its own so the page's content can use it
// without loading the manifest.

/** Zero-padded file number: pad2(7) -> '07'. */
export function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
