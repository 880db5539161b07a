// Backgrounds: a dark gradient, glows, blurred bokeh and a scene motif picked from the label's words.
import type { Palette } from './palette.ts';
import { n, type Rng } from './random.ts';

export type Scene = 'studio' | 'neon' | 'sunset' | 'window' | 'city' | 'snow' | 'mountain' | 'festive' | 'arches';

export function sceneOf(label: string, rng: Rng): Scene {
  const l = label.toLowerCase();
  if (/neon|night|nightlife/.test(l)) return 'neon';
  if (/sea|beach|sunset|golden|boardwalk|backwaters|sunrise/.test(l)) return 'sunset';
  if (/window|café|cafe|latte|studio light|home studio/.test(l)) return 'window';
  if (/market|street|rooftop|dusk|city|track/.test(l)) return 'city';
  if (/snow|winter/.test(l)) return 'snow';
  if (/mountain|misty|travel/.test(l)) return 'mountain';
  if (/marigold|festive|palace|jaipur|garland/.test(l)) return 'festive';
  if (/gallery|staircase|gown|painting/.test(l)) return 'arches';
  return rng.pick(['studio', 'studio', 'neon', 'window', 'sunset'] as const);
}

export interface Box {
  w: number;
  h: number;
}

export function backdropDefs(id: string, p: Palette, box: Box, rng: Rng): string {
  const gx = n(rng.range(0.25, 0.75) * 100);
  return (
    `<linearGradient id="${id}-bg" x1="0" y1="0" x2="${n(rng.range(0.2, 0.8))}" y2="1"><stop offset="0" stop-color="${p.haze}"/><stop offset="0.6" stop-color="${p.base}"/><stop offset="1" stop-color="${p.base}"/></linearGradient>` +
    `<radialGradient id="${id}-glowA" cx="${gx}%" cy="38%" r="55%"><stop offset="0" stop-color="${p.a}" stop-opacity="0.85"/><stop offset="0.55" stop-color="${p.a}" stop-opacity="0.18"/><stop offset="1" stop-color="${p.a}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="${id}-glowB" cx="${n(100 - Number(gx))}%" cy="85%" r="60%"><stop offset="0" stop-color="${p.b}" stop-opacity="0.7"/><stop offset="1" stop-color="${p.b}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="${id}-vignette" cx="50%" cy="45%" r="75%"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>` +
    // Soft shapes are radial gradients, not blur filters: librsvg's blur costs seconds per picture.
    softFill(`${id}-s0`, p.a) +
    softFill(`${id}-s1`, p.b) +
    softFill(`${id}-s2`, p.rim) +
    softFill(`${id}-s3`, '#ffffff') +
    softFill(`${id}-sun`, '#fdba74') +
    softFill(`${id}-haze`, p.haze) +
    `<linearGradient id="${id}-mist" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.07"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`
  );
}

/** A radial gradient that fades to transparent: a blurred disc without a filter. */
export function softFill(id: string, color: string, core = 0.35): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}"/><stop offset="${core}" stop-color="${color}" stop-opacity="0.75"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

function bokeh(id: string, p: Palette, box: Box, rng: Rng, count: number): string {
  const { w, h } = box;
  void p;
  return Array.from({ length: count }, () => {
    const r = rng.range(0.02, 0.08) * Math.max(w, h);
    return `<circle cx="${n(rng.range(0, w))}" cy="${n(rng.range(0, h * 0.85))}" r="${n(r)}" fill="url(#${id}-s${rng.int(0, 3)})" opacity="${n(rng.range(0.15, 0.5))}"/>`;
  }).join('');
}

function motif(scene: Scene, id: string, p: Palette, box: Box, rng: Rng): string {
  const { w, h } = box;
  switch (scene) {
    case 'neon': {
      const lines = Array.from({ length: 3 }, (_, i) => {
        const y = h * (0.12 + i * 0.13 + rng.range(-0.03, 0.03));
        const color = i % 2 ? p.b : p.a;
        const d = `M${n(-w * 0.1)},${n(y + h * 0.1)} Q${n(w * 0.5)},${n(y - h * 0.12)} ${n(w * 1.1)},${n(y + h * 0.04)}`;
        return `<path d="${d}" stroke="${color}" stroke-width="${n(w * 0.05)}" fill="none" opacity="0.12" stroke-linecap="round"/><path d="${d}" stroke="${color}" stroke-width="${n(w * 0.022)}" fill="none" opacity="0.3" stroke-linecap="round"/><path d="${d}" stroke="${p.rim}" stroke-width="${n(w * 0.006)}" fill="none" opacity="0.85"/>`;
      }).join('');
      return lines;
    }
    case 'sunset': {
      const horizon = h * rng.range(0.5, 0.62);
      return (
        `<circle cx="${n(w * rng.range(0.25, 0.75))}" cy="${n(horizon)}" r="${n(w * 0.3)}" fill="url(#${id}-sun)" opacity="0.7"/>` +
        `<rect x="0" y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="${p.base}" opacity="0.55"/>` +
        Array.from({ length: 5 }, (_, i) => `<rect x="${n(w * rng.range(0, 0.4))}" y="${n(horizon + (i + 1) * h * 0.025)}" width="${n(w * rng.range(0.3, 0.6))}" height="${n(h * 0.004)}" fill="#fed7aa" opacity="${n(0.35 - i * 0.05)}"/>`).join('')
      );
    }
    case 'window': {
      const x0 = w * rng.range(0.05, 0.3);
      const cols = 2;
      const paneW = w * 0.2;
      const paneH = h * 0.22;
      const panes = Array.from({ length: cols * 2 }, (_, i) => `<rect x="${n(x0 + (i % cols) * (paneW + w * 0.02))}" y="${n(h * 0.08 + Math.floor(i / cols) * (paneH + w * 0.02))}" width="${n(paneW)}" height="${n(paneH)}" rx="${n(w * 0.01)}" fill="#fff7ed" opacity="0.2"/>`).join('');
      return `<g opacity="0.8">${panes}</g>`;
    }
    case 'city': {
      let x = -w * 0.05;
      const blocks: string[] = [];
      while (x < w) {
        const bw = w * rng.range(0.08, 0.18);
        const bh = h * rng.range(0.2, 0.45);
        blocks.push(`<rect x="${n(x)}" y="${n(h * 0.62 - bh)}" width="${n(bw)}" height="${n(bh + h * 0.4)}" fill="${p.base}" opacity="0.7"/>`);
        for (let k = 0; k < 3; k += 1) {
          blocks.push(`<rect x="${n(x + bw * rng.range(0.15, 0.7))}" y="${n(h * 0.62 - bh * rng.range(0.2, 0.9))}" width="${n(w * 0.012)}" height="${n(w * 0.016)}" fill="${rng.pick(['#fde68a', p.rim, p.b])}" opacity="0.8"/>`);
        }
        x += bw + w * 0.01;
      }
      return `<g opacity="0.9">${blocks.join('')}</g>`;
    }
    case 'snow':
      return Array.from({ length: 70 }, () => `<circle cx="${n(rng.range(0, w))}" cy="${n(rng.range(0, h))}" r="${n(rng.range(0.002, 0.008) * w)}" fill="#ffffff" opacity="${n(rng.range(0.3, 0.85))}"/>`).join('');
    case 'mountain': {
      const ridge = (y: number, amp: number, color: string, opacity: number) => {
        const pts = Array.from({ length: 7 }, (_, i) => `${n((i / 6) * w)},${n(y - rng.range(0, amp))}`).join(' L');
        return `<path d="M0,${n(h)} L${pts} L${n(w)},${n(h)} Z" fill="${color}" opacity="${opacity}"/>`;
      };
      return ridge(h * 0.55, h * 0.18, p.haze, 0.9) + ridge(h * 0.68, h * 0.12, p.base, 0.85) + `<rect x="0" y="${n(h * 0.4)}" width="${w}" height="${n(h * 0.25)}" fill="url(#${id}-mist)"/>`;
    }
    case 'festive':
      return Array.from({ length: 3 }, (_, row) => {
        const y = h * (0.06 + row * 0.08);
        return Array.from({ length: 14 }, (_, i) => {
          const x = (i / 13) * w;
          const sag = Math.sin((i / 13) * Math.PI) * h * 0.05;
          return `<circle cx="${n(x)}" cy="${n(y + sag)}" r="${n(w * 0.018)}" fill="${rng.pick(['#f59e0b', '#fb923c', '#fbbf24'])}" opacity="0.75"/>`;
        }).join('');
      }).join('');
    case 'arches': {
      const aw = w * 0.34;
      return Array.from({ length: 3 }, (_, i) => {
        const x = w * (0.5 + (i - 1) * 0.38) - aw / 2;
        const y = h * 0.12;
        return `<path d="M${n(x)},${n(h)} L${n(x)},${n(y + aw / 2)} A${n(aw / 2)},${n(aw / 2)} 0 0 1 ${n(x + aw)},${n(y + aw / 2)} L${n(x + aw)},${n(h)} Z" fill="${p.haze}" opacity="${i === 1 ? 0.65 : 0.4}" stroke="${p.rim}" stroke-opacity="0.15" stroke-width="${n(w * 0.004)}"/>`;
      }).join('');
    }
    default:
      return `<ellipse cx="${n(w * 0.5)}" cy="${n(h * 0.95)}" rx="${n(w * 0.8)}" ry="${n(h * 0.25)}" fill="url(#${id}-haze)" opacity="0.8"/>`;
  }
}

/** Everything behind the subject. */
export function backdrop(id: string, p: Palette, box: Box, scene: Scene, rng: Rng): string {
  return (
    `<rect width="${box.w}" height="${box.h}" fill="url(#${id}-bg)"/>` +
    `<rect width="${box.w}" height="${box.h}" fill="url(#${id}-glowB)"/>` +
    motif(scene, id, p, box, rng) +
    `<rect width="${box.w}" height="${box.h}" fill="url(#${id}-glowA)"/>` +
    bokeh(id, p, box, rng, scene === 'snow' ? 6 : 12)
  );
}

/** Darkened corners, drawn last. */
export function vignette(id: string, box: Box): string {
  return `<rect width="${box.w}" height="${box.h}" fill="url(#${id}-vignette)"/>`;
}
