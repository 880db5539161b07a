// Renders public/watermark.png, the logo stamped on downloads: the brand's 'P' mark and the
// 'Persona Studio' wordmark in white with a soft shadow, on a transparent background. A raster
// because workers cannot decode SVG and ffmpeg wants one. Remake it with
// `node scripts/make-watermark.mjs` after changing public/logo.svg.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const logo = readFileSync(new URL('../public/logo.svg', import.meta.url), 'utf8');
const viewBox = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(logo);
if (!viewBox) throw new Error('public/logo.svg has no viewBox');
const [logoW, logoH] = [Number(viewBox[1]), Number(viewBox[2])];

// The logo's inner markup, every colour turned white: the mark's rounded square becomes a
// white outline so the 'P' inside it stays readable.
const inner = logo
  .replace(/^[\s\S]*?<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<title>[\s\S]*?<\/title>/, '')
  .replace(/<defs>[\s\S]*?<\/defs>/, '')
  .replace(/<rect ([^>]*)fill="url\(#lg\)"\/>/, '<rect x="2" y="2" width="44" height="44" rx="10" fill="none" stroke="#fff" stroke-width="4"/>')
  .replaceAll('fill="url(#lt)"', 'fill="#fff"');

const WIDTH = 600;
const PAD = 14; // room for the shadow, so it is never cut at the image's edge
const scale = (WIDTH - 2 * PAD) / logoW;
const HEIGHT = Math.round(logoH * scale + 2 * PAD);

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <filter id="shadow" x="-10%" y="-30%" width="120%" height="160%">
      <feDropShadow dx="0" dy="2" stdDeviation="3.5" flood-color="#000" flood-opacity="0.55"/>
    </filter>
  </defs>
  <g filter="url(#shadow)" transform="translate(${PAD} ${PAD}) scale(${scale})">${inner}</g>
</svg>`;

const out = new URL('../public/watermark.png', import.meta.url);
const info = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toFile(out.pathname);
console.log(`public/watermark.png: ${info.width}x${info.height}, ${info.size} bytes`);
