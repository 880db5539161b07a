// Every site media file the public pages reference. The server's media generator produces exactly
// these into `<media root>/site/<path>` on first start (served at /media/site/<path>).
// The page's content modules reference the same paths through siteMedia() (src/content/media.ts);
// keep the two in step. The service worker warms the images it lists. Data only.
// Bump SITE_MEDIA_MANIFEST_VERSION whenever a path, size or label changes so the generator redoes them.
import { BLOG_AUTHORS } from './blog-authors.ts';

export type SiteMediaGroup =
  | 'home'
  | 'carousel'
  | 'banner'
  | 'community'
  | 'features'
  | 'blog'
  | 'authors'
  | 'testimonials'
  | 'about'
  | 'affiliate'
  | 'careers'
  | 'auth';

interface SiteMediaBase {
  /** Relative to the site media root: served at `${VITE_MEDIA_BASE_URL ?? '/media'}/site/${path}`. */
  path: string;
  group: SiteMediaGroup;
  width: number;
  height: number;
  /** Deterministic seed for generators (stable hash of the path). */
  seed: number;
  /** What the picture shows: a prompt for AI engines and alt text; never drawn onto the media. */
  label: string;
}

export interface SiteMediaImage extends SiteMediaBase {
  kind: 'image';
}

export interface SiteMediaVideo extends SiteMediaBase {
  kind: 'video';
  durationS: number;
  /** Path of the poster image entry (also listed in the manifest). */
  poster: string;
}

export type SiteMediaEntry = SiteMediaImage | SiteMediaVideo;

export const SITE_MEDIA_MANIFEST_VERSION = 1;

/** Zero-padded file number: pad2(7) -> '07'. */
function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Stable 32-bit FNV-1a hash, so seeds never change unless the path does. */
function seedOf(path: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) {
    h ^= path.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function image(group: SiteMediaGroup, path: string, width: number, height: number, label: string): SiteMediaImage {
  return { path, kind: 'image', group, width, height, seed: seedOf(path), label };
}

/** A video and its poster (same size): returns [video, poster]. */
function video(
  group: SiteMediaGroup,
  path: string,
  width: number,
  height: number,
  durationS: number,
  label: string,
): [SiteMediaVideo, SiteMediaImage] {
  const poster = path.replace(/\.mp4$/, '.webp');
  return [
    { path, kind: 'video', group, width, height, seed: seedOf(path), label, durationS, poster },
    image(group, poster, width, height, `${label} (still frame)`),
  ];
}

// ---------- Sizes (px) ----------
export const SITE_MEDIA_SIZES = {
  hero: { width: 1280, height: 720 },
  carousel: { width: 480, height: 640 },
  banner: { width: 360, height: 640 },
  community: { width: 540, height: 960 },
  feature: { width: 800, height: 1000 },
  blog: { width: 1200, height: 675 },
  avatar: { width: 160, height: 160 },
  wide: { width: 1200, height: 800 },
  authPanel: { width: 900, height: 1200 },
} as const;

const S = SITE_MEDIA_SIZES;

// ---------- Home: carousel of 50 portraits (10 recurring characters x 5 scenes) ----------
const CAROUSEL_CHARACTERS = [
  'Aria, silver bob haircut and chrome jacket',
  'Meher, emerald lehenga and kundan earrings',
  'Kai, bleached curls and oversized skate tee',
  'Lumi, platinum braid and cream knit sweater',
  'Zara, high ponytail and neon activewear',
  'Devan, linen shirt and sun-faded backpack',
  'Noor, dewy skin and soft pastel blouse',
  'Theo, round glasses and charcoal turtleneck',
  'Isla, sun-bleached waves and wetsuit top',
  'Rafael, trimmed beard and denim chef apron',
] as const;

const CAROUSEL_SCENES = [
  'studio portrait on a gradient backdrop',
  'street-style shot in a busy market',
  'golden-hour portrait by the sea',
  'candid café moment by a window',
  'night portrait under neon signs',
] as const;

export const CAROUSEL_COUNT = 50;

function carouselLabel(i: number): string {
  const character = CAROUSEL_CHARACTERS[i % CAROUSEL_CHARACTERS.length];
  const scene = CAROUSEL_SCENES[Math.floor(i / CAROUSEL_CHARACTERS.length) % CAROUSEL_SCENES.length];
  return `AI virtual influencer ${character}, ${scene}`;
}

// ---------- Home: 15 vertical banner images behind the newsletter block ----------
const BANNER_LABELS = [
  'Fashion editorial portrait against a magenta wall',
  'Creator filming a reel on a rooftop at dusk',
  'Close-up beauty portrait with soft window light',
  'Streetwear look on a rainy neon street',
  'Festive portrait with marigold garlands',
  'Fitness creator mid-stride on a running track',
  'Travel portrait on a misty mountain road',
  'Musician with headphones in a home studio',
  'Minimal tech desk setup with a glowing monitor',
  'Summer linen outfit on a sunlit balcony',
  'Café creator holding a latte, shallow depth of field',
  'Winter coat portrait in falling snow',
  'Beach portrait at sunset with long shadows',
  'Gallery visitor in front of an abstract painting',
  'Evening gown portrait on a grand staircase',
] as const;

export const BANNER_COUNT = 15;

// ---------- Home: 8 community character clips ----------
export const COMMUNITY_CHARACTERS = [
  'Aria, a nightlife host, turning toward the camera on a neon-lit street',
  'Meher, a festive-fashion creator, twirling in a palace courtyard in Jaipur',
  'Kai, a skateboarder, rolling along a boardwalk at sunset',
  'Lumi, a Nordic lifestyle creator, smiling as snow falls around her',
  'Zara, a fitness coach, stretching on a rooftop gym at sunrise',
  'Devan, a travel vlogger, waving from a houseboat on the Kerala backwaters',
  'Noor, a skincare creator, applying serum in soft studio light',
  'Theo, a tech reviewer, unboxing a gadget at a minimal desk',
] as const;

export const COMMUNITY_COUNT = 8;

// ---------- Blog ----------
/** Article slugs (blog/*.ts; the check that they match lives with the content checks) with cover descriptions. */
export const BLOG_COVERS: ReadonlyArray<{ slug: string; label: string }> = [
  { slug: 'designing-a-consistent-ai-character', label: 'One AI character shown in six different outfits and settings, same face throughout' },
  { slug: 'writing-prompts-for-realistic-ai-faces', label: 'A text prompt on a screen beside the realistic portrait it produced' },
  { slug: 'building-a-brand-persona', label: 'A mood board of colours, fonts and photos defining a virtual influencer brand' },
  { slug: 'ethics-and-disclosure-for-ai-influencers', label: 'A phone showing an Instagram post labelled as AI-generated' },
  { slug: 'face-swap-video-workflow', label: 'A video editing timeline with a face-swapped reel in the preview window' },
  { slug: 'cloth-swap-for-fashion-brands', label: 'The same model shown in three different garments side by side' },
  { slug: 'ai-music-for-reels', label: 'Waveforms of vocals and an instrumental track over a glowing mixer' },
  { slug: 'growing-on-instagram-with-a-virtual-influencer', label: 'A growth chart rising over a grid of Instagram posts' },
  { slug: 'monetising-a-virtual-influencer', label: 'A brand deal contract beside a sponsored post on a phone' },
  { slug: 'agency-workflows-for-virtual-influencers', label: 'A kanban board of content for several virtual influencers' },
];

// ---------- Testimonials ----------
const TESTIMONIAL_PORTRAITS = [
  'Headshot of a woman with long dark hair, warm smile',
  'Headshot of a man with a short beard and a denim jacket',
  'Headshot of a woman with curly auburn hair and glasses',
  'Headshot of a young man with wavy hair and headphones around his neck',
  'Headshot of a woman with a sleek black bob',
  'Headshot of a man with salt-and-pepper hair in a blue shirt',
  'Headshot of a woman with a blonde pixie cut',
  'Headshot of a man with close-cropped hair and a grey hoodie',
] as const;

export const TESTIMONIAL_COUNT = 8;

// ---------- The manifest ----------
export const SITE_MEDIA_MANIFEST: readonly SiteMediaEntry[] = [
  ...video('home', 'home/hero.mp4', S.hero.width, S.hero.height, 10, 'Montage of AI virtual influencers posing in studio, street and travel scenes'),
  ...Array.from({ length: CAROUSEL_COUNT }, (_, i) =>
    image('carousel', `carousel/${pad2(i + 1)}.webp`, S.carousel.width, S.carousel.height, carouselLabel(i)),
  ),
  ...BANNER_LABELS.map((label, i) => image('banner', `banner/${pad2(i + 1)}.webp`, S.banner.width, S.banner.height, label)),
  ...COMMUNITY_CHARACTERS.flatMap((label, i) =>
    video('community', `community/${pad2(i + 1)}.mp4`, S.community.width, S.community.height, 6, label),
  ),
  image('features', 'features/face.webp', S.feature.width, S.feature.height, 'Three celebrity-inspired faces blending into one new, non-existent face'),
  image('features', 'features/image.webp', S.feature.width, S.feature.height, 'A generated character in a chosen pose, placed in a new scene from a short prompt'),
  ...video('features', 'features/imagetovideo.mp4', S.feature.width, S.feature.height, 6, 'A still portrait coming to life: the character turns, blinks and smiles'),
  image('features', 'features/clothswap.webp', S.feature.width, S.feature.height, 'A character before and after a cloth swap: plain tee replaced by a tailored blazer'),
  image('features', 'features/music.webp', S.feature.width, S.feature.height, 'Lyrics sheet, microphone and waveform of an AI-generated song'),
  ...BLOG_COVERS.map(({ slug, label }) => image('blog', `blog/${slug}.webp`, S.blog.width, S.blog.height, label)),
  ...Object.entries(BLOG_AUTHORS).map(([key, { name, role }]) =>
    image('authors', `authors/${key}.webp`, S.avatar.width, S.avatar.height, `Portrait of ${name}, ${role} at Persona Studio`),
  ),
  ...TESTIMONIAL_PORTRAITS.map((label, i) =>
    image('testimonials', `testimonials/${pad2(i + 1)}.webp`, S.avatar.width, S.avatar.height, label),
  ),
  image('about', 'about/story.webp', S.wide.width, S.wide.height, 'The Persona Studio team at work in the Ahmedabad studio, storyboards on the wall'),
  image('affiliate', 'affiliate/hero.webp', S.wide.width, S.wide.height, 'A creator sharing a referral link from a phone, coins and credits floating up'),
  image('careers', 'careers/team.webp', S.wide.width, S.wide.height, 'Engineers and designers reviewing generated portraits on a large screen'),
  image('auth', 'auth/panel.webp', S.authPanel.width, S.authPanel.height, 'Collage of virtual influencer portraits for the sign-in branding panel'),
];

/** Every manifest path, for quick membership checks. */
export const SITE_MEDIA_PATHS: ReadonlySet<string> = new Set(SITE_MEDIA_MANIFEST.map((e) => e.path));
