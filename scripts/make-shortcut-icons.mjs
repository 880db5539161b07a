// Renders the manifest's shortcut icons (public/icons/shortcut-*.png): the app icon's gradient
// tile with, in white, the glyph the studio sidebar shows for the shortcut's route. Both are read
// from their sources (public/icons/icon.svg, src/app/layouts/sidebarItems.ts,
// src/app/icons/StudioIcons.tsx). Remake them with `node scripts/make-shortcut-icons.mjs` after
// changing the shortcuts or that art.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const read = (path) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const manifest = JSON.parse(read('manifest.webmanifest'));
const appIcon = read('public/icons/icon.svg');
const sidebarItems = read('src/app/layouts/sidebarItems.ts');
const studioIcons = read('src/app/icons/StudioIcons.tsx');

// The tile: the app icon's gradients and rounded squares, without its 'P' mark.
const tile = [/<defs>[\s\S]*?<\/defs>/, /(<rect [^>]*\/>)+/].map((part) => {
  const found = part.exec(appIcon);
  if (!found) throw new Error(`public/icons/icon.svg has no ${part}`);
  return found[0];
});

/** The glyph's SVG elements (24x24 outline art), for the sidebar item at `url`. */
function glyph(url) {
  const name = new RegExp(`path: '${url}', icon: (\\w+)`).exec(sidebarItems)?.[1];
  const body = name && new RegExp(`export const ${name} = [^>]*> \\(\\s*<SvgIcon \\{\\.\\.\\.p\\}>([\\s\\S]*?)</SvgIcon>`).exec(studioIcons)?.[1];
  if (!body) throw new Error(`no sidebar icon for the shortcut ${url}`);
  return body.trim();
}

for (const shortcut of manifest.shortcuts) {
  for (const icon of shortcut.icons) {
    const [width, height] = icon.sizes.split('x').map(Number);
    // The glyph fills the middle 320 of the tile's 512 units (24 units scaled by 40/3).
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="${width}" height="${height}">${tile.join('')}
      <g transform="translate(96 96) scale(13.333)" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${glyph(shortcut.url)}</g>
    </svg>`;
    const out = new URL(`../public${icon.src}`, import.meta.url);
    const info = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(out.pathname);
    console.log(`public${icon.src}: ${info.width}x${info.height}, ${info.size} bytes`);
  }
}
