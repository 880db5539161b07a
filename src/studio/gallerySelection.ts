// The gallery's selection (issue 45): items picked by click or checkbox, a shift-click picking
// the range from the last one picked, "Select all" the items the page shows (its tab or search).
import { create } from 'zustand';

interface SelectionState {
  selected: ReadonlySet<string>;
  /** The last item picked without shift: a shift-click's range starts there. */
  anchor: string | null;
}

export const useGallerySelection = create<SelectionState>(() => ({ selected: new Set(), anchor: null }));

/**
 * Picks or unpicks `id`; with `range`, every item from the anchor to `id` in `order` (the page's
 * order) takes the state `id` takes.
 */
export function toggleSelected(id: string, range: boolean, order: readonly string[]): void {
  useGallerySelection.setState(({ selected, anchor }) => {
    const next = new Set(selected);
    const on = !selected.has(id);
    const from = range && anchor !== null ? order.indexOf(anchor) : -1;
    const to = order.indexOf(id);
    const ids = from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
    for (const i of ids) on ? next.add(i) : next.delete(i);
    return { selected: next, anchor: range && anchor !== null ? anchor : id };
  });
}

export const selectAll = (ids: readonly string[]) => useGallerySelection.setState({ selected: new Set(ids), anchor: null });
export const clearSelection = () => useGallerySelection.setState({ selected: new Set(), anchor: null });
/** Keeps only ids still shown (after a delete, a new search or tab). */
export const keepSelected = (shown: readonly string[]) =>
  useGallerySelection.setState(({ selected, anchor }) => {
    const kept = new Set(shown.filter((id) => selected.has(id)));
    return kept.size === selected.size ? {} : { selected: kept, anchor: anchor && kept.has(anchor) ? anchor : null };
  });
