// Product-flavoured shapes for wide pictures (blog covers, about, affiliate): phones, charts,
// waveforms, timelines, boards. Abstract: bars stand in for text, nothing is written.
import type { Palette } from './palette.ts';
import { portrait, type SvgParts } from './portrait.ts';
import { n, type Rng } from './random.ts';

export interface Area {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A rounded portrait card placed in an area (its own ids under `id`). */
export function tile(id: string, area: Area, label: string, seed: number, radius: number, headScale?: number): SvgParts {
  const inner = portrait(id, { w: area.w, h: area.h }, label, seed, headScale ? { headScale } : {});
  return {
    defs: `<clipPath id="${id}-clip"><rect x="${n(area.x)}" y="${n(area.y)}" width="${n(area.w)}" height="${n(area.h)}" rx="${n(radius)}"/></clipPath>`,
    body:
      `<g clip-path="url(#${id}-clip)"><svg x="${n(area.x)}" y="${n(area.y)}" width="${n(area.w)}" height="${n(area.h)}" viewBox="0 0 ${n(area.w)} ${n(area.h)}"><defs>${inner.defs}</defs>${inner.body}</svg></g>` +
      `<rect x="${n(area.x)}" y="${n(area.y)}" width="${n(area.w)}" height="${n(area.h)}" rx="${n(radius)}" fill="none" stroke="#ffffff" stroke-opacity="0.14" stroke-width="${n(Math.max(1, area.w * 0.006))}"/>`,
  };
}

const card = (a: Area, r: number, fill: string, opacity: number, stroke = '#ffffff') =>
  `<rect x="${n(a.x)}" y="${n(a.y)}" width="${n(a.w)}" height="${n(a.h)}" rx="${n(r)}" fill="${fill}" fill-opacity="${opacity}" stroke="${stroke}" stroke-opacity="0.18" stroke-width="${n(Math.max(1, a.w * 0.004))}"/>`;

/** Rounded bars standing in for lines of text. */
function textBars(a: Area, rows: number, rng: Rng, color = '#ffffff'): string {
  const gap = a.h / rows;
  return Array.from({ length: rows }, (_, i) => `<rect x="${n(a.x)}" y="${n(a.y + i * gap)}" width="${n(a.w * rng.range(0.45, 1))}" height="${n(gap * 0.42)}" rx="${n(gap * 0.21)}" fill="${color}" opacity="${i === 0 ? 0.55 : 0.22}"/>`).join('');
}

function waveform(a: Area, p: Palette, rng: Rng, id: string): string {
  const bars = 36;
  const bw = a.w / bars;
  const grad = `<linearGradient id="${id}-wave" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.a}"/><stop offset="1" stop-color="${p.b}"/></linearGradient>`;
  const body = Array.from({ length: bars }, (_, i) => {
    const amp = (0.25 + 0.75 * Math.abs(Math.sin(i * 0.45 + rng.range(0, 0.6)))) * rng.range(0.5, 1) * a.h * 0.5;
    return `<rect x="${n(a.x + i * bw + bw * 0.2)}" y="${n(a.y + a.h / 2 - amp)}" width="${n(bw * 0.6)}" height="${n(amp * 2)}" rx="${n(bw * 0.3)}" fill="url(#${id}-wave)"/>`;
  }).join('');
  return `<defs>${grad}</defs>${body}`;
}

function chart(a: Area, p: Palette, rng: Rng, id: string): string {
  const grid = Array.from({ length: 5 }, (_, i) => `<line x1="${n(a.x)}" x2="${n(a.x + a.w)}" y1="${n(a.y + (i * a.h) / 4)}" y2="${n(a.y + (i * a.h) / 4)}" stroke="#ffffff" stroke-opacity="0.08"/>`).join('');
  let v = 0.1;
  const pts = Array.from({ length: 9 }, (_, i) => {
    v = Math.min(0.95, v + rng.range(0.02, 0.16));
    return [a.x + (i / 8) * a.w, a.y + a.h * (1 - v)] as const;
  });
  const line = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${n(x)},${n(y)}`).join(' ');
  const area = `${line} L${n(a.x + a.w)},${n(a.y + a.h)} L${n(a.x)},${n(a.y + a.h)} Z`;
  return (
    `<defs><linearGradient id="${id}-area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.b}" stop-opacity="0.45"/><stop offset="1" stop-color="${p.b}" stop-opacity="0"/></linearGradient></defs>` +
    grid +
    `<path d="${area}" fill="url(#${id}-area)"/><path d="${line}" fill="none" stroke="${p.rim}" stroke-width="${n(a.w * 0.012)}" stroke-linejoin="round" stroke-linecap="round"/>` +
    pts.map(([x, y]) => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(a.w * 0.014)}" fill="${p.b}"/>`).join('')
  );
}

function kanban(a: Area, p: Palette, rng: Rng): string {
  const colW = a.w / 3;
  return Array.from({ length: 3 }, (_, c) => {
    const x = a.x + c * colW + colW * 0.06;
    const w = colW * 0.88;
    const cards = rng.int(2, 4);
    return (
      card({ x, y: a.y, w, h: a.h }, w * 0.06, '#ffffff', 0.04) +
      Array.from({ length: cards }, (_, i) => {
        const y = a.y + a.h * 0.06 + i * a.h * 0.22;
        return card({ x: x + w * 0.08, y, w: w * 0.84, h: a.h * 0.18 }, w * 0.05, i % 2 ? p.a : p.b, 0.35) + `<rect x="${n(x + w * 0.16)}" y="${n(y + a.h * 0.05)}" width="${n(w * rng.range(0.3, 0.6))}" height="${n(a.h * 0.025)}" rx="${n(a.h * 0.012)}" fill="#fff" opacity="0.6"/>`;
      }).join('')
    );
  }).join('');
}

function timeline(a: Area, p: Palette, rng: Rng): string {
  const tracks = 3;
  const th = a.h / (tracks + 1.5);
  const clips = Array.from({ length: tracks }, (_, t) => {
    let x = a.x + rng.range(0, a.w * 0.1);
    const out: string[] = [];
    while (x < a.x + a.w * 0.9) {
      const w = a.w * rng.range(0.12, 0.3);
      out.push(card({ x, y: a.y + a.h * 0.5 + t * th * 0.55, w: Math.min(w, a.x + a.w - x), h: th * 0.42 }, th * 0.1, [p.a, p.b, p.rim][t] as string, t === 2 ? 0.3 : 0.6));
      x += w + a.w * 0.02;
    }
    return out.join('');
  }).join('');
  const px = a.x + a.w * rng.range(0.35, 0.65);
  return (
    card({ x: a.x, y: a.y, w: a.w, h: a.h * 0.44 }, a.w * 0.02, '#000000', 0.35) +
    `<path d="M${n(a.x + a.w * 0.45)},${n(a.y + a.h * 0.14)} l${n(a.w * 0.09)},${n(a.h * 0.08)} l${n(-a.w * 0.09)},${n(a.h * 0.08)} Z" fill="#fff" opacity="0.7"/>` +
    clips +
    `<rect x="${n(px)}" y="${n(a.y + a.h * 0.46)}" width="${n(a.w * 0.006)}" height="${n(a.h * 0.54)}" fill="${p.rim}"/>`
  );
}

function moodboard(a: Area, p: Palette, rng: Rng): string {
  const cols = 3;
  const rows = 2;
  const gw = a.w / cols;
  const gh = a.h / rows;
  const colors = [p.a, p.b, p.rim, p.haze, '#fbbf24', '#f5f5f4'];
  return Array.from({ length: cols * rows }, (_, i) => {
    const x = a.x + (i % cols) * gw + gw * 0.06;
    const y = a.y + Math.floor(i / cols) * gh + gh * 0.06;
    const c = colors[i % colors.length] as string;
    return i === 4
      ? `<circle cx="${n(x + gw * 0.44)}" cy="${n(y + gh * 0.44)}" r="${n(Math.min(gw, gh) * 0.4)}" fill="${c}" opacity="0.85"/>`
      : card({ x, y, w: gw * 0.88, h: gh * 0.88 }, gw * 0.06, c, rng.range(0.55, 0.9));
  }).join('');
}

/** A phone with a portrait on its screen. */
function phone(id: string, a: Area, label: string, seed: number, p: Palette): SvgParts {
  const h = a.h;
  const w = h * 0.5;
  const x = a.x + (a.w - w) / 2;
  const screen = tile(`${id}-screen`, { x: x + w * 0.06, y: a.y + h * 0.05, w: w * 0.88, h: h * 0.72 }, label, seed ^ 0x5bd1e995, w * 0.06);
  return {
    defs: screen.defs,
    body:
      card({ x, y: a.y, w, h }, w * 0.12, '#0b0912', 0.92, p.rim) +
      screen.body +
      `<rect x="${n(x + w * 0.1)}" y="${n(a.y + h * 0.8)}" width="${n(w * 0.5)}" height="${n(h * 0.03)}" rx="${n(h * 0.015)}" fill="#fff" opacity="0.5"/>` +
      `<rect x="${n(x + w * 0.1)}" y="${n(a.y + h * 0.86)}" width="${n(w * 0.7)}" height="${n(h * 0.025)}" rx="${n(h * 0.012)}" fill="#fff" opacity="0.22"/>` +
      `<circle cx="${n(x + w * 0.8)}" cy="${n(a.y + h * 0.82)}" r="${n(w * 0.06)}" fill="${p.b}"/>`,
  };
}

export type MotifKind = 'waveform' | 'chart' | 'kanban' | 'timeline' | 'moodboard' | 'phone' | 'screen' | 'tiles' | 'coins';

export function motifOf(label: string): MotifKind {
  const l = label.toLowerCase();
  if (/waveform|mixer|song|music/.test(l)) return 'waveform';
  if (/chart|growth/.test(l)) return 'chart';
  if (/kanban|board of content/.test(l)) return 'kanban';
  if (/timeline|editing/.test(l)) return 'timeline';
  if (/mood board|fonts/.test(l)) return 'moodboard';
  if (/coins|credits|referral/.test(l)) return 'coins';
  if (/phone|instagram post|contract/.test(l)) return 'phone';
  if (/prompt|screen|monitor/.test(l)) return 'screen';
  return 'tiles';
}

/** Draws the motif into an area. */
export function motif(kind: MotifKind, id: string, a: Area, label: string, seed: number, p: Palette, rng: Rng): SvgParts {
  switch (kind) {
    case 'waveform':
      return { defs: '', body: waveform(a, p, rng, id) };
    case 'chart':
      return { defs: '', body: card(a, a.w * 0.04, '#000000', 0.25) + chart({ x: a.x + a.w * 0.08, y: a.y + a.h * 0.12, w: a.w * 0.84, h: a.h * 0.76 }, p, rng, id) };
    case 'kanban':
      return { defs: '', body: kanban(a, p, rng) };
    case 'timeline':
      return { defs: '', body: timeline(a, p, rng) };
    case 'moodboard':
      return { defs: '', body: moodboard(a, p, rng) };
    case 'phone':
      return phone(id, a, label, seed, p);
    case 'coins': {
      const ph = phone(id, { ...a, w: a.w * 0.6 }, label, seed, p);
      const coins = Array.from({ length: 7 }, (_, i) => {
        const cx = a.x + a.w * rng.range(0.5, 0.95);
        const cy = a.y + a.h * (0.1 + i * 0.12);
        const r = a.w * rng.range(0.03, 0.055);
        return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#fbbf24"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.68)}" fill="none" stroke="#b45309" stroke-width="${n(r * 0.12)}" opacity="0.7"/>`;
      }).join('');
      return { defs: ph.defs, body: ph.body + coins };
    }
    case 'screen': {
      const sw = a.w;
      const sh = a.h * 0.78;
      const shot = tile(`${id}-shot`, { x: a.x + sw * 0.55, y: a.y + sh * 0.1, w: sw * 0.4, h: sh * 0.8 }, label, seed ^ 0x27d4eb2d, sw * 0.02, 0.2);
      return {
        defs: shot.defs,
        body:
          card({ x: a.x, y: a.y, w: sw, h: sh }, sw * 0.03, '#07060c', 0.85, p.rim) +
          textBars({ x: a.x + sw * 0.06, y: a.y + sh * 0.14, w: sw * 0.42, h: sh * 0.6 }, 6, rng) +
          card({ x: a.x + sw * 0.06, y: a.y + sh * 0.78, w: sw * 0.2, h: sh * 0.1 }, sh * 0.05, p.b, 0.9) +
          shot.body +
          `<rect x="${n(a.x + sw * 0.44)}" y="${n(a.y + sh)}" width="${n(sw * 0.12)}" height="${n(a.h * 0.14)}" fill="#1c1826"/><rect x="${n(a.x + sw * 0.3)}" y="${n(a.y + a.h * 0.94)}" width="${n(sw * 0.4)}" height="${n(a.h * 0.05)}" rx="${n(a.h * 0.02)}" fill="#1c1826"/>`,
      };
    }
    default: {
      const count = /six/.test(label.toLowerCase()) ? 6 : 3;
      const cols = count === 6 ? 3 : 3;
      const rows = count / cols;
      const gw = a.w / cols;
      const gh = a.h / rows;
      const parts = Array.from({ length: count }, (_, i) =>
        tile(`${id}-t${i}`, { x: a.x + (i % cols) * gw + gw * 0.05, y: a.y + Math.floor(i / cols) * gh + gh * 0.04, w: gw * 0.9, h: gh * 0.92 }, label, seed + i * 7919, gw * 0.06, 0.22),
      );
      return { defs: parts.map((t) => t.defs).join(''), body: parts.map((t) => t.body).join('') };
    }
  }
}
