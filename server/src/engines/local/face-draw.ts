// A head drawn from a parameter vector, in head units: origin at the head's centre, half-height 1.
// The caller scales it into place, so the face picture and the image capability share one drawing.
// Layers: `back` (hair behind, neck), then the caller's body, then `front` (head, features, hair).
import { mix, SKIN } from '../../media/art/palette.ts';
import { createRng } from '../../media/art/random.ts';
import { EYE_HEX, HAIR_HEX, type FaceParams, type Neckline } from './face-params.ts';
import { hairLayers } from './face-hair.ts';
import { f, path, smooth, symmetric, type Pt } from './shapes.ts';

export interface HeadParts {
  defs: string;
  back: string;
  front: string;
}

/** Skin light and shadow tones along the palette's ramp, nudged warm or cool. */
export function skinTones(skin: number, undertone: number): { light: string; shadow: string } {
  const t = Math.min(0.9999, Math.max(0, skin)) * (SKIN.length - 1);
  const i = Math.floor(t);
  const [a, b] = [SKIN[i] as readonly [string, string], SKIN[i + 1] as readonly [string, string]];
  const u = (undertone - 0.5) * 2;
  const tint = (c: string) => (u > 0 ? mix(c, '#f0a060', 0.1 * u) : mix(c, '#e0a0b8', -0.1 * u));
  return { light: tint(mix(a[0], b[0], t - i)), shadow: tint(mix(a[1], b[1], t - i)) };
}

/** Proportions every layer agrees on. */
function geometry(p: FaceParams) {
  const male = p.gender === 'male';
  const rx = 0.72 + 0.1 * p.faceWidth + (male ? 0.04 : 0);
  const eyeW = 0.115 + 0.035 * p.eyeSize - (male ? 0.008 : 0);
  const eyeH = 0.046 + 0.022 * p.eyeSize + (male ? 0 : 0.008);
  const tipY = 0.3 + 0.1 * p.noseLength;
  return {
    male,
    rx,
    eyeX: rx * (0.37 + 0.07 * p.eyeSpacing),
    eyeY: 0.01,
    eyeW,
    eyeH,
    tilt: (p.eyeTilt - 0.4) * 0.06,
    tipY,
    noseW: 0.06 + 0.035 * p.noseWidth + (male ? 0.015 : 0),
    mouthY: tipY + 0.2,
    mouthW: 0.15 + 0.05 * p.lipWidth + (male ? 0.01 : 0),
    neckW: male ? 0.37 : 0.3,
  };
}
type Geometry = ReturnType<typeof geometry>;

function outline(p: FaceParams, g: Geometry): Pt[] {
  const { rx } = g;
  return symmetric([
    [0, -1],
    [rx * 0.62, -0.9],
    [rx * (0.9 + 0.07 * p.forehead), -0.5],
    [rx, 0.02],
    [rx * (0.78 + 0.15 * p.jaw + (g.male ? 0.04 : 0)), 0.52],
    [rx * (0.32 + 0.2 * p.chin + (g.male ? 0.06 : 0)), 0.89],
    [0, 1],
  ]);
}

function eyes(p: FaceParams, g: Geometry, id: string, c: Colors): string {
  const { eyeW: w, eyeH: h, tilt: t } = g;
  const upper = `M${f(-w)},0 C${f(-w * 0.45)},${f(-h * 1.55)} ${f(w * 0.45)},${f(-h * 1.6 - t)} ${f(w)},${f(-t)}`;
  const lower = `M${f(w)},${f(-t)} C${f(w * 0.5)},${f(h * 1.05)} ${f(-w * 0.5)},${f(h * 1.0)} ${f(-w)},0`;
  const almond = `${upper} ${lower.replace(/^M[^C]+/, '')}Z`;
  const ir = w * 0.47;
  const th = 0.026 + 0.03 * p.brow + (g.male ? 0.016 : 0);
  const arch = 0.012 + 0.04 * p.browArch * (g.male ? 0.6 : 1);
  const by = -h * 2.6 - 0.035;
  const brow: Pt[] = [[-w * 1.02, by + th * 0.15], [-w * 0.95, by - th], [w * 0.4, by - arch - th * 0.85], [w * 1.25, by - arch * 0.2 + 0.012], [w * 0.42, by - arch + th * 0.1]];
  const shadowLid = p.makeup > 0.3 ? path(`${upper} C${f(w * 0.8)},${f(-h * 2.2)} ${f(-w * 0.4)},${f(-h * 2.6)} ${f(-w)},0Z`, `fill="${c.lidShade}" opacity="${f((p.makeup - 0.3) * 0.45)}"`) : '';
  const lash = g.male ? '' : path(`M${f(w * 0.92)},${f(-t - h * 0.1)} Q${f(w * 1.08)},${f(-t - h * 0.35)} ${f(w * 1.2)},${f(-t - h * 0.75)}`, `stroke="${c.line}" stroke-width="0.016" fill="none" stroke-linecap="round"`);
  const one =
    shadowLid +
    path(almond, 'fill="#f2ece7"') +
    `<g clip-path="url(#${id}-eyeclip)"><circle cx="0" cy="${f(-h * 0.12)}" r="${f(ir)}" fill="url(#${id}-iris)"/><circle cx="0" cy="${f(-h * 0.12)}" r="${f(ir * 0.45)}" fill="#0c090b"/><ellipse cx="0" cy="${f(-h * 1.25)}" rx="${f(w * 1.1)}" ry="${f(h * 0.75)}" fill="#2a1418" opacity="0.22"/></g>` +
    path(upper, `stroke="${c.line}" stroke-width="${g.male ? 0.02 : 0.03}" fill="none" stroke-linecap="round"`) +
    lash +
    path(lower, `stroke="${c.line}" stroke-width="0.009" fill="none" opacity="0.35"`) +
    path(`M${f(-w * 0.8)},${f(-h * 1.25)} C${f(-w * 0.3)},${f(-h * 2.5)} ${f(w * 0.45)},${f(-h * 2.5 - t)} ${f(w * 0.95)},${f(-h * 0.95 - t)}`, `stroke="${c.shadow}" stroke-width="0.012" fill="none" opacity="0.55"`) +
    path(smooth(brow), `fill="${c.brow}" opacity="0.92"`);
  const both = [-1, 1].map((s) => `<g transform="translate(${f(s * g.eyeX)} ${f(g.eyeY)}) scale(${s} 1)">${one}</g>`).join('');
  const glints = [-1, 1].map((s) => `<circle cx="${f(s * g.eyeX + p.light * ir * 0.3)}" cy="${f(g.eyeY - h * 0.45)}" r="${f(ir * 0.22)}" fill="#fff" opacity="0.85"/>`).join('');
  return `<clipPath id="${id}-eyeclip"><path d="${almond}"/></clipPath>${both}${glints}`;
}

function nose(p: FaceParams, g: Geometry, c: Colors): string {
  const { tipY: y, noseW: w } = g;
  const s = -p.light;
  const wings = [-1, 1].map((k) => `M${f(k * w * 0.45)},${f(y + 0.018)} C${f(k * w * 1.05)},${f(y + 0.03)} ${f(k * w * 1.25)},${f(y - 0.03)} ${f(k * w * 1.05)},${f(y - 0.09)}`).join(' ');
  return (
    path(`M${f(s * 0.05)},0.06 Q${f(s * 0.085)},${f(y - 0.12)} ${f(s * 0.06)},${f(y - 0.03)}`, `stroke="${c.shadow}" stroke-width="0.03" fill="none" opacity="0.28" stroke-linecap="round"`) +
    path(wings, `stroke="${c.line}" stroke-width="0.013" fill="none" opacity="0.5" stroke-linecap="round"`) +
    path(`M${f(-w * 0.42)},${f(y + 0.028)} Q0,${f(y + 0.065)} ${f(w * 0.42)},${f(y + 0.028)}`, `stroke="${c.line}" stroke-width="0.012" fill="none" opacity="0.3"`) +
    `<ellipse cx="${f(p.light * 0.025)}" cy="${f(y - 0.05)}" rx="0.03" ry="0.022" fill="#fff" opacity="0.12"/>`
  );
}

function lips(p: FaceParams, g: Geometry, c: Colors): string {
  const w = g.mouthW;
  const k = g.male ? 0.72 : 1;
  const u = (0.03 + 0.03 * p.lipFullness) * k;
  const l = (0.045 + 0.042 * p.lipFullness) * k;
  const s = (p.smile - 0.35) * 0.05;
  const seam = `C${f(w * 0.5)},${f(0.01 - s * 0.2)} ${f(-w * 0.5)},${f(0.01 - s * 0.2)} ${f(-w)},${f(-s)}`;
  const top = `M${f(-w)},${f(-s)} C${f(-w * 0.7)},${f(-u * 0.6 - s * 0.5)} ${f(-w * 0.35)},${f(-u * 1.1)} ${f(-w * 0.12)},${f(-u)} Q0,${f(-u * 0.7)} ${f(w * 0.12)},${f(-u)} C${f(w * 0.35)},${f(-u * 1.1)} ${f(w * 0.7)},${f(-u * 0.6 - s * 0.5)} ${f(w)},${f(-s)} ${seam}Z`;
  const bottom = `M${f(-w)},${f(-s)} C${f(-w * 0.5)},${f(0.01 - s * 0.2)} ${f(w * 0.5)},${f(0.01 - s * 0.2)} ${f(w)},${f(-s)} C${f(w * 0.6)},${f(l * 1.1)} ${f(-w * 0.6)},${f(l * 1.1)} ${f(-w)},${f(-s)}Z`;
  return (
    `<g transform="translate(0 ${f(g.mouthY)})">` +
    `<ellipse cx="0" cy="${f(l * 1.45)}" rx="${f(w * 0.45)}" ry="0.022" fill="${c.shadow}" opacity="0.3"/>` +
    path(bottom, `fill="${c.lip}"`) +
    path(top, `fill="${mix(c.lip, '#2a0f16', 0.18)}"`) +
    path(`M${f(-w)},${f(-s)} C${f(-w * 0.5)},${f(0.012 - s * 0.2)} ${f(w * 0.5)},${f(0.012 - s * 0.2)} ${f(w)},${f(-s)}`, `stroke="${mix(c.lip, '#1a0a0e', 0.6)}" stroke-width="0.012" fill="none" stroke-linecap="round"`) +
    `<ellipse cx="${f(p.light * w * 0.15)}" cy="${f(l * 0.45)}" rx="${f(w * 0.32)}" ry="${f(l * 0.2)}" fill="#fff" opacity="0.16"/></g>`
  );
}

function beard(p: FaceParams, g: Geometry, c: Colors, id: string): { under: string; over: string } {
  if (p.beard === 'none') return { under: '', over: '' };
  const { rx, tipY, noseW: nw, mouthW: mw, mouthY: my } = g;
  const lip = `M${f(-mw - 0.03)},${f(my + 0.01)} C${f(-mw)},${f(my - 0.075)} ${f(-nw)},${f(tipY + 0.045)} 0,${f(tipY + 0.06)} C${f(nw)},${f(tipY + 0.045)} ${f(mw)},${f(my - 0.075)} ${f(mw + 0.03)},${f(my + 0.01)} C${f(mw * 0.5)},${f(my - 0.03)} ${f(-mw * 0.5)},${f(my - 0.03)} ${f(-mw - 0.03)},${f(my + 0.01)}Z`;
  const moustache = path(lip, `fill="${c.beard}" opacity="${p.beard === 'stubble' ? 0.2 : 0.92}"`);
  const chin = path(`M${f(-mw * 0.75)},${f(my + 0.07)} C${f(-mw * 0.8)},1.05 ${f(mw * 0.8)},1.05 ${f(mw * 0.75)},${f(my + 0.07)} Q0,${f(my + 0.11)} ${f(-mw * 0.75)},${f(my + 0.07)}Z`, `fill="${c.beard}" opacity="0.9"`);
  if (p.beard === 'goatee') return { under: '', over: chin + moustache };
  if (p.beard === 'moustache') return { under: '', over: moustache };
  const area = `M-1.3,0.04 L${f(-rx * 0.86)},0.04 C${f(-rx * 0.72)},0.42 ${f(-mw - 0.1)},${f(tipY + 0.02)} ${f(-nw * 1.3)},${f(tipY + 0.07)} Q0,${f(tipY + 0.05)} ${f(nw * 1.3)},${f(tipY + 0.07)} C${f(mw + 0.1)},${f(tipY + 0.02)} ${f(rx * 0.72)},0.42 ${f(rx * 0.86)},0.04 L1.3,0.04 L1.3,1.5 L-1.3,1.5Z`;
  const opacity = p.beard === 'stubble' ? 0.2 : p.beard === 'short' ? 0.8 : 0.95;
  const below = p.beard === 'full' ? `<ellipse cx="0" cy="1.0" rx="${f(rx * 0.6)}" ry="0.16" fill="${c.beard}"/>` : '';
  return {
    under: `<g opacity="${opacity}"><g clip-path="url(#${id}-faceclip)">${path(area, `fill="${c.beard}"`)}</g>${below}</g>`,
    over: moustache,
  };
}

/** Freckles, blush and age lines: the small marks that make one face differ from the next. */
function marks(p: FaceParams, g: Geometry, c: Colors, id: string): string {
  const parts: string[] = [];
  const blush = g.male ? 0.05 : 0.1 + p.makeup * 0.2;
  for (const s of [-1, 1]) parts.push(`<ellipse cx="${f(s * g.rx * 0.55)}" cy="${f(g.tipY - 0.04)}" rx="0.17" ry="0.1" fill="url(#${id}-blush)" opacity="${f(blush * 3)}"/>`);
  if (p.freckles) {
    const rng = createRng(p.seed ^ 0x27d4eb2f);
    for (let i = 0; i < 34; i += 1) {
      parts.push(`<circle cx="${f(rng.range(-g.rx * 0.68, g.rx * 0.68))}" cy="${f(rng.range(g.tipY - 0.22, g.tipY + 0.04))}" r="${f(rng.range(0.006, 0.012))}" fill="${c.shadow}" opacity="0.45"/>`);
    }
  }
  if (p.age > 0.35) {
    const a = f(Math.min(0.6, (p.age - 0.35) * 0.9));
    const folds = [-1, 1].map((s) => `M${f(s * g.noseW * 1.3)},${f(g.tipY - 0.02)} Q${f(s * (g.mouthW + 0.08))},${f(g.mouthY - 0.03)} ${f(s * (g.mouthW + 0.05))},${f(g.mouthY + 0.1)}`).join(' ');
    const bags = [-1, 1].map((s) => `M${f(s * g.eyeX - g.eyeW * 0.6)},${f(g.eyeY + g.eyeH * 1.9)} Q${f(s * g.eyeX)},${f(g.eyeY + g.eyeH * 2.7)} ${f(s * g.eyeX + g.eyeW * 0.6)},${f(g.eyeY + g.eyeH * 1.9)}`).join(' ');
    parts.push(path(`${folds} ${bags}`, `stroke="${c.shadow}" stroke-width="0.014" fill="none" opacity="${a}" stroke-linecap="round"`));
    if (p.age > 0.6) parts.push(path('M-0.3,-0.55 Q0,-0.6 0.3,-0.55 M-0.25,-0.63 Q0,-0.68 0.25,-0.63', `stroke="${c.shadow}" stroke-width="0.012" fill="none" opacity="${a}"`));
  }
  return parts.join('');
}

interface Colors {
  light: string;
  shadow: string;
  line: string;
  brow: string;
  lip: string;
  lidShade: string;
  beard: string;
  hair: string;
}

function colors(p: FaceParams): Colors {
  const { light, shadow } = skinTones(p.skin, p.undertone);
  const hair = HAIR_HEX[p.hairColor];
  const pale = ['blonde', 'platinum', 'silver', 'honey blonde'].includes(p.hairColor);
  const base = mix(shadow, '#c0505e', p.gender === 'male' ? 0.18 : 0.38);
  return {
    light,
    shadow,
    line: mix(shadow, '#160c10', 0.62),
    brow: pale ? mix(hair, shadow, 0.55) : mix(hair, '#100a0a', 0.15),
    lip: p.gender === 'male' ? base : mix(base, '#b0243f', p.makeup * 0.6),
    lidShade: mix(shadow, '#6a3c62', 0.5),
    beard: mix(hair, '#000000', 0.12),
    hair,
  };
}

/** The clothes' neckline over the torso (shared by the face picture's bust and the image's body). */
export function neckline(kind: Neckline, neckW: number, outfit: string, id: string): string {
  const w = neckW;
  switch (kind) {
    case 'vneck':
      return path(`M${f(-w * 1.25)},1.46 L0,2.25 L${f(w * 1.25)},1.46Z`, `fill="url(#${id}-neck)"`);
    case 'scoop':
      return path(`M${f(-w * 1.7)},1.52 Q0,2.4 ${f(w * 1.7)},1.52Z`, `fill="url(#${id}-neck)"`);
    case 'collar':
      return [-1, 1].map((s) => path(`M${f(s * w * 1.05)},1.38 L${f(s * 0.06)},2.0 L${f(s * w * 2.1)},1.85Z`, `fill="${mix(outfit, '#ffffff', 0.3)}"`)).join('');
    default:
      return path(`M${f(-w * 1.25)},1.5 Q0,1.78 ${f(w * 1.25)},1.5`, `stroke="${mix(outfit, '#000000', 0.35)}" stroke-width="0.07" fill="none"`);
  }
}

/** The face picture's shoulders: a torso in the outfit colour with its neckline. */
export function bust(p: FaceParams, id: string): string {
  const g = geometry(p);
  const sw = g.male ? 2.3 : 2.0;
  const nw = g.neckW * 1.15;
  const torso = `M${f(-nw)},1.4 C-0.9,1.52 ${f(-(sw - 0.5))},1.5 ${f(-(sw - 0.1))},1.72 C${f(-sw - 0.15)},1.95 ${f(-sw - 0.25)},2.5 ${f(-sw - 0.3)},3.8 L${f(sw + 0.3)},3.8 C${f(sw + 0.25)},2.5 ${f(sw + 0.15)},1.95 ${f(sw - 0.1)},1.72 C${f(sw - 0.5)},1.5 0.9,1.52 ${f(nw)},1.4Z`;
  return path(torso, `fill="url(#${id}-cloth)"`) + neckline(p.neckline, g.neckW, p.outfit, id);
}

/** Skin, its side shade and the neck's gradient: what a body needs even without our head. */
export function skinDefs(id: string, light: string, shadow: string, lightFrom: -1 | 1): string {
  const lit = lightFrom < 0;
  return (
    `<radialGradient id="${id}-skin" cx="${lit ? '32%' : '68%'}" cy="35%" r="80%"><stop offset="0" stop-color="${mix(light, '#ffffff', 0.08)}"/><stop offset="0.55" stop-color="${light}"/><stop offset="1" stop-color="${shadow}"/></radialGradient>` +
    `<linearGradient id="${id}-shade" x1="${lit ? 0 : 1}" y1="0" x2="${lit ? 1 : 0}" y2="0"><stop offset="0.5" stop-color="#1a0c10" stop-opacity="0"/><stop offset="1" stop-color="#1a0c10" stop-opacity="0.38"/></linearGradient>` +
    `<linearGradient id="${id}-neck" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(light, shadow, 0.8)}"/><stop offset="1" stop-color="${mix(light, shadow, 0.3)}"/></linearGradient>`
  );
}

/** Gradients the head and its clothes use, including the cloth gradient for `outfit`. */
function defs(p: FaceParams, c: Colors, id: string, outfit: string): string {
  const lit = p.light < 0;
  const eye = EYE_HEX[p.eyeColor];
  return (
    skinDefs(id, c.light, c.shadow, p.light) +
    `<linearGradient id="${id}-hair" gradientUnits="userSpaceOnUse" x1="${lit ? -1.2 : 1.2}" y1="-1.3" x2="${lit ? 0.6 : -0.6}" y2="2.6"><stop offset="0" stop-color="${mix(c.hair, '#ffffff', 0.18)}"/><stop offset="0.45" stop-color="${c.hair}"/><stop offset="1" stop-color="${mix(c.hair, '#05030a', 0.45)}"/></linearGradient>` +
    `<radialGradient id="${id}-iris"><stop offset="0" stop-color="${mix(eye, '#ffffff', 0.3)}"/><stop offset="0.6" stop-color="${eye}"/><stop offset="1" stop-color="${mix(eye, '#000000', 0.5)}"/></radialGradient>` +
    `<radialGradient id="${id}-blush"><stop offset="0" stop-color="#e0607a" stop-opacity="0.35"/><stop offset="1" stop-color="#e0607a" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${id}-cloth" x1="${lit ? 0 : 1}" y1="0" x2="${lit ? 0.6 : 0.4}" y2="1"><stop offset="0" stop-color="${mix(outfit, '#ffffff', 0.08)}"/><stop offset="1" stop-color="${mix(outfit, '#07050c', 0.5)}"/></linearGradient>`
  );
}

/** The head in head units, split around the body: draw `back`, the body, then `front`. */
export function headParts(p: FaceParams, id: string, outfit = p.outfit): HeadParts {
  const g = geometry(p);
  const c = colors(p);
  const hair = hairLayers(p, g.rx, id);
  const face = smooth(outline(p, g));
  const nw = g.neckW;
  const neck = `M${f(-nw)},0.4 C${f(-nw)},1.0 ${f(-nw * 1.05)},1.3 ${f(-nw * 1.3)},1.75 L${f(nw * 1.3)},1.75 C${f(nw * 1.05)},1.3 ${f(nw)},1.0 ${f(nw)},0.4Z`;
  const ears = [-1, 1]
    .map((s) => `<ellipse cx="${f(s * g.rx * 0.97)}" cy="0.08" rx="0.1" ry="0.19" fill="url(#${id}-skin)"/>` + path(`M${f(s * g.rx * 0.99)},0.0 Q${f(s * (g.rx + 0.06))},0.08 ${f(s * g.rx * 0.99)},0.18`, `stroke="${c.shadow}" stroke-width="0.014" fill="none" opacity="0.6"`))
    .join('');
  const earrings = p.earrings ? [-1, 1].map((s) => `<circle cx="${f(s * g.rx * 0.98)}" cy="0.3" r="0.035" fill="#f3c453"/><circle cx="${f(s * g.rx * 0.98)}" cy="0.4" r="0.05" fill="none" stroke="#f3c453" stroke-width="0.014"/>`).join('') : '';
  const b = beard(p, g, c, id);
  const glasses = p.glasses
    ? (() => {
        const gw = g.eyeW * 2 + 0.12;
        const frames = [-1, 1].map((s) => `<rect x="${f(s * g.eyeX - gw / 2)}" y="${f(g.eyeY - 0.15)}" width="${f(gw)}" height="0.27" rx="0.08"/>`).join('');
        const bridge = `M${f(-g.eyeX + gw / 2)},${f(g.eyeY - 0.05)} Q0,${f(g.eyeY - 0.1)} ${f(g.eyeX - gw / 2)},${f(g.eyeY - 0.05)}`;
        const arms = [-1, 1].map((s) => `M${f(s * (g.eyeX + gw / 2))},${f(g.eyeY - 0.08)} L${f(s * g.rx)},${f(g.eyeY - 0.05)}`).join(' ');
        return `<g fill="#ffffff" fill-opacity="0.07" stroke="#1c1820" stroke-width="0.024">${frames}<path d="${bridge} ${arms}" fill="none"/></g>`;
      })()
    : '';
  return {
    defs: defs(p, c, id, outfit) + `<clipPath id="${id}-faceclip"><path d="${face}"/></clipPath>`,
    back: hair.back + path(neck, `fill="url(#${id}-neck)"`),
    front:
      ears +
      earrings +
      path(face, `fill="url(#${id}-skin)"`) +
      path(face, `fill="url(#${id}-shade)"`) +
      `<g clip-path="url(#${id}-faceclip)">${marks(p, g, c, id)}</g>` +
      eyes(p, g, id, c) +
      nose(p, g, c) +
      b.under +
      lips(p, g, c) +
      b.over +
      hair.locks +
      hair.front +
      glasses,
  };
}

/** Where the face (brow to chin, cheek to cheek) sits in head units, for swaps and crops. */
export const FACE_SPAN = { x: -0.86, y: -0.72, w: 1.72, h: 1.78 } as const;
