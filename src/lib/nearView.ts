/**
 * Calls `then` once `target` comes within `margin` of the viewport (at once where the browser has
 * no IntersectionObserver). Answers a function that stops watching.
 */
export function whenNearView(target: Element, margin: string, then: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    then();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      then();
    },
    { rootMargin: margin },
  );
  observer.observe(target);
  return () => observer.disconnect();
}
