// A stylised bust (head, hair, neck, shoulders) lit from one side, drawn around a head of radius R.
import { mix } from './palette.ts';
import { n } from './random.ts';
import type { Traits } from './traits.ts';

export interface FigureSpec {
  id: string;
  cx: number;
  cy: number;
  /** Head radius. */
  r: number;
  /** Bottom of the frame: the torso runs past it. */
  bottom: number;
  traits: Traits;
  /** -1: light from the left, 1: from the right. */
  light: -1 | 1;
}

/** Hair behind the head (drawn first) and in front of it (the fringe). */
function hair(s: FigureSpec): { back: string; front: string; locks?: string } {
  const { cx, cy, r } = s;
  const P = (x: number, y: number) => `${n(cx + x * r)},${n(cy + y * r)}`;
  const cap = `M${P(-0.86, 0.1)} C${P(-1.0, -1.42)} ${P(1.0, -1.42)} ${P(0.86, 0.1)} C${P(0.8, -0.4)} ${P(0.3, -0.62)} ${P(-0.1, -0.5)} C${P(-0.45, -0.4)} ${P(-0.78, -0.25)} ${P(-0.86, 0.1)} Z`;
  switch (s.traits.hair) {
    case 'bob':
      return {
        back: `<path d="M${P(-1.05, 0.9)} C${P(-1.3, -1.5)} ${P(1.3, -1.5)} ${P(1.05, 0.9)} C${P(0.7, 1.0)} ${P(-0.7, 1.0)} ${P(-1.05, 0.9)} Z"/>`,
        locks: `<path d="M${P(-0.9, -0.2)} C${P(-1.0, 0.4)} ${P(-1.0, 0.8)} ${P(-1.04, 0.92)} L${P(-0.62, 0.9)} C${P(-0.7, 0.5)} ${P(-0.72, 0.1)} ${P(-0.68, -0.2)} Z M${P(0.9, -0.2)} C${P(1.0, 0.4)} ${P(1.0, 0.8)} ${P(1.04, 0.92)} L${P(0.62, 0.9)} C${P(0.7, 0.5)} ${P(0.72, 0.1)} ${P(0.68, -0.2)} Z"/>`,
        front: `<path d="M${P(-0.9, 0.3)} C${P(-1.04, -1.42)} ${P(1.04, -1.42)} ${P(0.9, 0.3)} C${P(0.8, -0.35)} ${P(0.1, -0.45)} ${P(-0.2, -0.45)} C${P(-0.55, -0.4)} ${P(-0.85, -0.1)} ${P(-0.9, 0.3)} Z"/>`,
      };
    case 'long':
      return {
        back: `<path d="M${P(-0.95, -0.2)} C${P(-1.1, -1.45)} ${P(1.1, -1.45)} ${P(0.95, -0.2)} C${P(1.05, 0.6)} ${P(1.1, 1.2)} ${P(1.0, 1.5)} L${P(-1.0, 1.5)} C${P(-1.1, 1.2)} ${P(-1.05, 0.6)} ${P(-0.95, -0.2)} Z"/>`,
        locks: `<path d="M${P(-0.92, -0.3)} C${P(-1.15, 0.6)} ${P(-1.05, 1.6)} ${P(-1.25, 2.55)} C${P(-0.95, 2.45)} ${P(-0.7, 2.0)} ${P(-0.62, 1.5)} C${P(-0.55, 0.9)} ${P(-0.62, 0.3)} ${P(-0.7, -0.1)} Z M${P(0.92, -0.3)} C${P(1.15, 0.6)} ${P(1.05, 1.6)} ${P(1.25, 2.55)} C${P(0.95, 2.45)} ${P(0.7, 2.0)} ${P(0.62, 1.5)} C${P(0.55, 0.9)} ${P(0.62, 0.3)} ${P(0.7, -0.1)} Z"/>`,
        front: `<path d="${cap}"/>`,
      };
    case 'braid': {
      const links = Array.from({ length: 6 }, (_, i) => `<ellipse cx="${n(cx + (0.78 + i * 0.06) * r)}" cy="${n(cy + (0.7 + i * 0.34) * r)}" rx="${n(0.2 * r)}" ry="${n(0.22 * r)}"/>`).join('');
      return {
        back: `<path d="M${P(-0.95, 0.3)} C${P(-1.12, -1.4)} ${P(1.12, -1.4)} ${P(0.95, 0.3)} Z"/>`,
        front: `<path d="${cap}"/>${links}`,
      };
    }
    case 'ponytail':
      return {
        back: `<path d="M${P(0.55, -0.85)} C${P(1.5, -1.2)} ${P(1.65, 0.2)} ${P(1.3, 1.3)} C${P(1.2, 0.5)} ${P(1.0, -0.2)} ${P(0.6, -0.4)} Z"/>`,
        front: `<path d="M${P(-0.86, 0.05)} C${P(-1.02, -1.42)} ${P(1.0, -1.42)} ${P(0.86, 0.05)} C${P(0.7, -0.5)} ${P(-0.5, -0.62)} ${P(-0.86, 0.05)} Z"/>`,
      };
    case 'bun':
      return {
        back: `<circle cx="${n(cx + 0.1 * r)}" cy="${n(cy - 1.2 * r)}" r="${n(0.48 * r)}"/>`,
        front: `<path d="M${P(-0.86, 0.05)} C${P(-1.02, -1.42)} ${P(1.0, -1.42)} ${P(0.86, 0.05)} C${P(0.7, -0.5)} ${P(-0.5, -0.62)} ${P(-0.86, 0.05)} Z"/>`,
      };
    case 'curls': {
      const curls = Array.from({ length: 13 }, (_, i) => {
        const angle = Math.PI * (0.95 + (i / 12) * 1.1);
        const dist = 0.92 + (i % 2) * 0.1;
        return `<circle cx="${n(cx + Math.cos(angle) * dist * r)}" cy="${n(cy - 0.05 * r + Math.sin(angle) * dist * r)}" r="${n((0.3 + (i % 3) * 0.04) * r)}"/>`;
      }).join('');
      return { back: curls, front: `<path d="${cap}"/>` };
    }
    case 'pixie':
      return {
        back: '',
        front: `<path d="M${P(-0.88, 0.15)} C${P(-1.05, -1.42)} ${P(1.02, -1.42)} ${P(0.88, -0.1)} C${P(0.55, -0.5)} ${P(0.0, -0.55)} ${P(-0.35, -0.2)} C${P(-0.55, 0.0)} ${P(-0.75, 0.05)} ${P(-0.88, 0.15)} Z"/>`,
      };
    case 'buzz':
      return { back: '', front: `<path d="M${P(-0.84, -0.05)} C${P(-0.95, -1.36)} ${P(0.95, -1.36)} ${P(0.84, -0.05)} C${P(0.6, -0.72)} ${P(-0.6, -0.72)} ${P(-0.84, -0.05)} Z" opacity="0.85"/>` };
    default:
      return { back: '', front: `<path d="M${P(-0.88, 0.0)} C${P(-1.04, -1.42)} ${P(1.02, -1.42)} ${P(0.88, 0.0)} C${P(0.8, -0.5)} ${P(0.3, -0.7)} ${P(-0.2, -0.62)} C${P(-0.6, -0.55)} ${P(-0.82, -0.35)} ${P(-0.88, 0.0)} Z"/>` };
  }
}

function torsoPath(s: FigureSpec): string {
  const { cx, cy, r, bottom } = s;
  const P = (x: number, y: number) => `${n(cx + x * r)},${n(cy + y * r)}`;
  const B = n(bottom + 4);
  return (
    `M${P(-0.42, 1.1)} C${P(-0.5, 1.5)} ${P(-1.35, 1.5)} ${P(-1.75, 1.8)} C${P(-2.15, 2.1)} ${P(-2.2, 2.7)} ${n(cx - 2.3 * r)},${B} ` +
    `L${n(cx + 2.3 * r)},${B} C${P(2.2, 2.7)} ${P(2.15, 2.1)} ${P(1.75, 1.8)} C${P(1.35, 1.5)} ${P(0.5, 1.5)} ${P(0.42, 1.1)} Z`
  );
}

function collar(s: FigureSpec): string {
  const { cx, cy, r, traits } = s;
  const P = (x: number, y: number) => `${n(cx + x * r)},${n(cy + y * r)}`;
  switch (traits.collar) {
    case 'turtleneck':
      return `<path d="M${P(-0.5, 0.95)} L${P(0.5, 0.95)} L${P(0.56, 1.6)} C${P(0.2, 1.72)} ${P(-0.2, 1.72)} ${P(-0.56, 1.6)} Z" fill="${traits.outfit}"/><path d="M${P(-0.5, 1.25)} C${P(-0.2, 1.35)} ${P(0.2, 1.35)} ${P(0.5, 1.25)}" stroke="#000" stroke-opacity="0.25" stroke-width="${n(0.05 * r)}" fill="none"/>`;
    case 'vneck':
      return `<path d="M${P(-0.5, 1.45)} L${P(0, 2.25)} L${P(0.5, 1.45)} Z" fill="url(#${s.id}-skin)"/>`;
    case 'jacket':
      return `<path d="M${P(-0.45, 1.4)} L${P(0, 2.1)} L${P(0.45, 1.4)} Z" fill="#f4f1f8" opacity="0.9"/><path d="M${P(-0.55, 1.4)} L${P(-0.05, 2.6)} L${P(-0.9, 2.2)} L${P(-1.0, 1.6)} Z M${P(0.55, 1.4)} L${P(0.05, 2.6)} L${P(0.9, 2.2)} L${P(1.0, 1.6)} Z" fill="#000" opacity="0.28"/>`;
    default:
      return `<path d="M${P(-0.55, 1.42)} C${P(-0.3, 1.75)} ${P(0.3, 1.75)} ${P(0.55, 1.42)}" stroke="#000" stroke-opacity="0.22" stroke-width="${n(0.07 * r)}" fill="none"/>`;
  }
}

function accessories(s: FigureSpec): string {
  const { cx, cy, r, traits } = s;
  const parts: string[] = [];
  if (traits.beard) {
    parts.push(`<path d="M${n(cx - 0.78 * r)},${n(cy + 0.2 * r)} C${n(cx - 0.72 * r)},${n(cy + 1.08 * r)} ${n(cx + 0.72 * r)},${n(cy + 1.08 * r)} ${n(cx + 0.78 * r)},${n(cy + 0.2 * r)} C${n(cx + 0.6 * r)},${n(cy + 0.62 * r)} ${n(cx + 0.3 * r)},${n(cy + 0.5 * r)} ${n(cx)},${n(cy + 0.52 * r)} C${n(cx - 0.3 * r)},${n(cy + 0.5 * r)} ${n(cx - 0.6 * r)},${n(cy + 0.62 * r)} ${n(cx - 0.78 * r)},${n(cy + 0.2 * r)} Z" fill="${traits.hairColor}" opacity="0.8"/>`);
  }
  if (traits.glasses) {
    const w = 0.46 * r;
    const h = 0.3 * r;
    const y = cy - 0.02 * r;
    parts.push(
      `<g fill="#ffffff" fill-opacity="0.08" stroke="#f8f5ff" stroke-opacity="0.85" stroke-width="${n(0.045 * r)}">` +
        `<rect x="${n(cx - 0.1 * r - w)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(h * 0.45)}"/>` +
        `<rect x="${n(cx + 0.1 * r)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(h * 0.45)}"/>` +
        `<path d="M${n(cx - 0.1 * r)},${n(y + h * 0.35)} Q${n(cx)},${n(y + h * 0.15)} ${n(cx + 0.1 * r)},${n(y + h * 0.35)}" fill="none"/></g>`,
    );
  }
  if (traits.earrings) {
    for (const side of [-1, 1]) parts.push(`<circle cx="${n(cx + side * 0.8 * r)}" cy="${n(cy + 0.42 * r)}" r="${n(0.07 * r)}" fill="#fbbf24"/>`);
  }
  if (traits.headphones === 'head') {
    parts.push(
      `<path d="M${n(cx - 0.92 * r)},${n(cy + 0.05 * r)} C${n(cx - 1.05 * r)},${n(cy - 1.45 * r)} ${n(cx + 1.05 * r)},${n(cy - 1.45 * r)} ${n(cx + 0.92 * r)},${n(cy + 0.05 * r)}" fill="none" stroke="#1a1824" stroke-width="${n(0.14 * r)}" stroke-linecap="round"/>`,
      ...[-1, 1].map((side) => `<rect x="${n(cx + side * 0.9 * r - 0.17 * r)}" y="${n(cy - 0.22 * r)}" width="${n(0.34 * r)}" height="${n(0.55 * r)}" rx="${n(0.14 * r)}" fill="${traits.palette.a}"/>`),
    );
  } else if (traits.headphones === 'neck') {
    parts.push(
      `<path d="M${n(cx - 0.75 * r)},${n(cy + 1.45 * r)} C${n(cx - 0.7 * r)},${n(cy + 2.0 * r)} ${n(cx + 0.7 * r)},${n(cy + 2.0 * r)} ${n(cx + 0.75 * r)},${n(cy + 1.45 * r)}" fill="none" stroke="#1a1824" stroke-width="${n(0.12 * r)}"/>`,
      ...[-1, 1].map((side) => `<rect x="${n(cx + side * 0.72 * r - 0.17 * r)}" y="${n(cy + 1.2 * r)}" width="${n(0.34 * r)}" height="${n(0.5 * r)}" rx="${n(0.14 * r)}" fill="${traits.palette.a}"/>`),
    );
  }
  return parts.join('');
}

/** Quiet features: closed eyes, brows, a soft mouth, blush; enough to read as a face, never uncanny. */
function face(s: FigureSpec): string {
  const { cx, cy, r, traits } = s;
  const line = mix(traits.skin[1], '#1a0f14', 0.55);
  const eyes = [-1, 1]
    .map((side) => {
      const x = cx + side * 0.3 * r;
      const y = cy + 0.05 * r;
      return (
        `<path d="M${n(x - 0.13 * r)},${n(y)} Q${n(x)},${n(y + 0.09 * r)} ${n(x + 0.13 * r)},${n(y)}" stroke="${line}" stroke-width="${n(0.04 * r)}" fill="none" stroke-linecap="round" opacity="0.8"/>` +
        `<path d="M${n(x - 0.16 * r)},${n(y - 0.17 * r)} Q${n(x)},${n(y - 0.26 * r)} ${n(x + 0.16 * r)},${n(y - 0.18 * r)}" stroke="${mix(traits.hairColor, line, 0.4)}" stroke-width="${n(0.05 * r)}" fill="none" stroke-linecap="round" opacity="0.7"/>` +
        `<ellipse cx="${n(x + side * 0.06 * r)}" cy="${n(y + 0.28 * r)}" rx="${n(0.14 * r)}" ry="${n(0.08 * r)}" fill="${traits.palette.b}" opacity="0.12"/>`
      );
    })
    .join('');
  const nose = `<path d="M${n(cx + s.light * 0.04 * r)},${n(cy + 0.2 * r)} Q${n(cx - s.light * 0.06 * r)},${n(cy + 0.36 * r)} ${n(cx + s.light * 0.02 * r)},${n(cy + 0.4 * r)}" stroke="${line}" stroke-width="${n(0.03 * r)}" fill="none" opacity="0.35"/>`;
  const mouth = `<path d="M${n(cx - 0.15 * r)},${n(cy + 0.58 * r)} Q${n(cx)},${n(cy + 0.67 * r)} ${n(cx + 0.15 * r)},${n(cy + 0.58 * r)} Q${n(cx)},${n(cy + 0.62 * r)} ${n(cx - 0.15 * r)},${n(cy + 0.58 * r)} Z" fill="${mix(traits.skin[1], '#be185d', 0.45)}" opacity="0.85"/>`;
  return eyes + nose + (traits.beard ? '' : mouth);
}

/** Gradients and filters the figure refers to; put them in the SVG's <defs>. */
export function figureDefs(s: FigureSpec): string {
  const { id, traits, light } = s;
  const lx = light < 0 ? '30%' : '70%';
  return (
    `<radialGradient id="${id}-skin" cx="${lx}" cy="35%" r="75%"><stop offset="0" stop-color="${traits.skin[0]}"/><stop offset="1" stop-color="${traits.skin[1]}"/></radialGradient>` +
    `<linearGradient id="${id}-shade" x1="${light < 0 ? 0 : 1}" y1="0" x2="${light < 0 ? 1 : 0}" y2="0"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#0b0614" stop-opacity="0.55"/></linearGradient>` +
    `<linearGradient id="${id}-cloth" x1="${light < 0 ? 0 : 1}" y1="0" x2="${light < 0 ? 0.6 : 0.4}" y2="1"><stop offset="0" stop-color="${traits.outfit}"/><stop offset="1" stop-color="${mix(traits.outfit, '#07050c', 0.55)}"/></linearGradient>` +
    `<linearGradient id="${id}-hair" x1="${light < 0 ? 0 : 1}" y1="0" x2="${light < 0 ? 1 : 0}" y2="1"><stop offset="0" stop-color="${mix(traits.hairColor, '#ffffff', 0.12)}"/><stop offset="1" stop-color="${mix(traits.hairColor, '#05030a', 0.45)}"/></linearGradient>`
  );
}

/** The figure: a rim-lit silhouette copy behind, then hair, torso, neck, head and accessories. */
export function figureBody(s: FigureSpec): string {
  const { id, cx, cy, r, traits, light } = s;
  const h = hair(s);
  const rot = `rotate(${n(traits.tilt)} ${n(cx)} ${n(cy + r)})`;
  const silhouette =
    `<g id="${id}-fig">` +
    `<g fill="url(#${id}-hair)" transform="${rot}">${h.back}</g>` +
    `<path d="${torsoPath(s)}" fill="url(#${id}-cloth)"/>` +
    (h.locks ? `<g fill="url(#${id}-hair)" transform="${rot}">${h.locks}</g>` : '') +
    `<rect x="${n(cx - 0.36 * r)}" y="${n(cy + 0.55 * r)}" width="${n(0.72 * r)}" height="${n(0.95 * r)}" rx="${n(0.2 * r)}" fill="url(#${id}-skin)"/>` +
    `<path d="M${n(cx - 0.36 * r)},${n(cy + 0.75 * r)} L${n(cx + 0.36 * r)},${n(cy + 0.75 * r)} L${n(cx + 0.36 * r)},${n(cy + 1.05 * r)} C${n(cx)},${n(cy + 1.25 * r)} ${n(cx)},${n(cy + 1.25 * r)} ${n(cx - 0.36 * r)},${n(cy + 1.05 * r)} Z" fill="#000" opacity="0.18"/>` +
    collar(s) +
    `<g transform="${rot}">` +
    `<ellipse cx="${n(cx - 0.8 * r)}" cy="${n(cy + 0.12 * r)}" rx="${n(0.13 * r)}" ry="${n(0.2 * r)}" fill="url(#${id}-skin)"/>` +
    `<ellipse cx="${n(cx + 0.8 * r)}" cy="${n(cy + 0.12 * r)}" rx="${n(0.13 * r)}" ry="${n(0.2 * r)}" fill="url(#${id}-skin)"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(0.8 * r)}" ry="${n(r)}" fill="url(#${id}-skin)"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(0.8 * r)}" ry="${n(r)}" fill="url(#${id}-shade)"/>` +
    face(s) +
    `<g fill="url(#${id}-hair)">${h.front}</g>` +
    accessories(s) +
    `</g></g>`;
  // Rim light: the same shapes in one pale colour, nudged toward the light, behind the figure
  // (a recoloured copy rather than a filter, which librsvg renders slowly).
  const rim = silhouette
    .replace(` id="${id}-fig"`, '')
    .replace(/fill="(?!none)[^"]*"/g, `fill="${traits.palette.rim}"`)
    .replace(/stroke="[^"]*"/g, 'stroke="none"');
  const dx = n(light * -0.05 * r);
  return `<g transform="translate(${dx} ${n(-0.025 * r)})" opacity="0.9">${rim}</g>${silhouette}`;
}
