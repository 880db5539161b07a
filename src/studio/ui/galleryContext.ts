// What the gallery page gives its cards (issue 45): the order of the items it shows (for a
// shift-click's range) and the details panel. Cards shown elsewhere (a character's profile) have
// neither: no checkbox, no Details.
import { createContext, useContext } from 'react';
import type { Item, Tab } from '../galleryItems';

export interface GalleryPageContext {
  order: readonly string[];
  openDetails: (item: Item, tab: Tab, name: string) => void;
}

export const GalleryContext = createContext<GalleryPageContext | null>(null);
export const useGalleryPage = () => useContext(GalleryContext);
