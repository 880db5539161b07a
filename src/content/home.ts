// Home page content (spec 000 §1 marketing copy, §2 Home). Media lists come from the site media
// manifest so the page shows exactly the files the server generates.
import type { CommunityVideo, FeatureTab, SiteImage } from './types.ts';
import { siteMedia } from './media.ts';
import { SITE_MEDIA_MANIFEST, SITE_MEDIA_SIZES, type SiteMediaGroup } from '../../contract/site-media.ts';

export const HERO = {
  eyebrow: 'AI virtual influencer studio',
  title: 'Create Your Own',
  gradianttitle: 'Virtual Influencer with Ease',
  subtitle:
    'Generate realistic AI images and video of a character that is yours alone. Customise colours, styles and compositions, swap outfits, and give your influencer a voice and a soundtrack.',
  creatorsClaim: '1000+ creators',
  creatorsText: 'Trusted by 1000+ creators, brands and agencies',
  loginLabel: 'Login',
  getStartedLabel: 'Get Started',
  /** Both hero links go to /login (spec 000 §2 Home). */
  loginHref: '/login',
  getStartedHref: '/login',
  video: siteMedia('home/hero.mp4'),
  poster: siteMedia('home/hero.webp'),
  width: SITE_MEDIA_SIZES.hero.width,
  height: SITE_MEDIA_SIZES.hero.height,
} as const;

export const FEATURES_SECTION = {
  title: 'Explore Features',
  subtitle: 'Create, Customize, and Transform with Ease',
} as const;

const feature = SITE_MEDIA_SIZES.feature;

/** The five tabs, in order; the first is selected by default. */
export const FEATURE_TABS: readonly FeatureTab[] = [
  {
    id: 'face',
    title: 'AI Face Generation',
    heading: 'Create a face that has never existed',
    description:
      'Generate a realistic, non-existent face for your virtual influencer. Blend three celebrity names into a brand-new person, or describe every detail you want in a prompt, from bone structure to freckles.',
    preview: {
      kind: 'image',
      src: siteMedia('features/face.webp'),
      alt: 'Three celebrity-inspired faces blending into one new face',
      ...feature,
    },
    studioPath: '/face',
  },
  {
    id: 'image',
    title: 'Image Generation',
    heading: 'Put your character in any scene',
    description:
      'Pick one of your faces, choose a pose and write a short prompt to place your character anywhere. Or swap your face into an Instagram post with a link, or into one of our ready-made templates.',
    preview: {
      kind: 'image',
      src: siteMedia('features/image.webp'),
      alt: 'A generated character posed in a new scene created from a short prompt',
      ...feature,
    },
    studioPath: '/image',
  },
  {
    id: 'imageToVideo',
    title: 'Image to Video',
    heading: 'Bring your images to life',
    description:
      'Pick a generated image and describe the motion to turn it into a short video. Or swap your character\u2019s face into any Instagram reel with a link, or into one of our video templates.',
    preview: {
      kind: 'video',
      src: siteMedia('features/imagetovideo.mp4'),
      poster: siteMedia('features/imagetovideo.webp'),
      alt: 'A still portrait coming to life as the character turns and smiles',
      ...feature,
    },
    studioPath: '/Imagetovideo',
  },
  {
    id: 'clothSwap',
    title: 'Cloth Swap',
    heading: 'Change outfits in seconds',
    description:
      'Upload a photo of any garment and swap just the top, just the bottom or a full outfit onto one of your generated images. Perfect for lookbooks, try-ons and brand collaborations without a photoshoot.',
    preview: {
      kind: 'image',
      src: siteMedia('features/clothswap.webp'),
      alt: 'A character before and after a cloth swap from a plain tee to a tailored blazer',
      ...feature,
    },
    studioPath: '/clothSwap',
  },
  {
    id: 'music',
    title: 'AI Music Generator',
    heading: 'Give your character a voice',
    description:
      'Write your lyrics, upload a reference song for the style, and add a voice file and an instrumental file to create an original track for your reels, with no copyright worries about trending audio.',
    preview: {
      kind: 'image',
      src: siteMedia('features/music.webp'),
      alt: 'A lyrics sheet, a microphone and the waveform of an AI-generated song',
      ...feature,
    },
    studioPath: '/AIMusic',
  },
];

/** 'Clients are our Priority' section titles (defined beside the testimonials themselves). */
export { TESTIMONIALS_SECTION } from './testimonials.ts';

export const COMMUNITY_SECTION = {
  title: 'Explore Community Characters',
  subtitle: 'Meet the vibrant characters brought to life by our users.',
} as const;

function imagesOf(group: SiteMediaGroup): SiteImage[] {
  return SITE_MEDIA_MANIFEST.filter((e) => e.group === group && e.kind === 'image').map((e) => ({
    src: siteMedia(e.path),
    alt: e.label,
    width: e.width,
    height: e.height,
  }));
}

/** 8 muted, looping, autoplaying clips. */
export const COMMUNITY_VIDEOS: readonly CommunityVideo[] = SITE_MEDIA_MANIFEST.flatMap((e) =>
  e.group === 'community' && e.kind === 'video'
    ? [{ video: siteMedia(e.path), poster: siteMedia(e.poster), label: e.label }]
    : [],
);

/** The 50 portrait cards of the scrolling carousel. */
export const CAROUSEL_IMAGES: readonly SiteImage[] = imagesOf('carousel');

/** The 15 vertical images behind the newsletter block. */
export const BANNER_IMAGES: readonly SiteImage[] = imagesOf('banner');
