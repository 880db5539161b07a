import type { PostalPlace } from '../postal.ts';

/**
 * Hands out one frozen object per distinct (city, state), so an index of tens of thousands of
 * codes holds only a few thousand places.
 */
export function placeInterner(): (city: string, state: string) => PostalPlace {
  const places = new Map<string, PostalPlace>();
  return (city, state) => {
    const key = `${city}\n${state}`;
    let place = places.get(key);
    if (!place) places.set(key, (place = Object.freeze({ city, state })));
    return place;
  };
}
