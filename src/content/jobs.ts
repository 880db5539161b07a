// Open positions on /careers (spec 000 §2 Careers: seven job cards).
import type { Job, SiteImage } from './types.ts';
import { composeMailUrl } from './contact.ts';
import { siteMedia } from './media.ts';

export const HR_EMAIL = 'careers@personastudio.ai';

/** Subject of an application mail (spec 000 §2): 'Application for the position of {title}'. */
export function applicationSubject(title: string): string {
  return `Application for the position of ${title}`;
}

/** Gmail compose URL to the HR mailbox with the application subject prefilled (opened in a new tab). */
export function applyMailUrl(title: string): string {
  return composeMailUrl(HR_EMAIL, applicationSubject(title));
}

export const CAREERS_PAGE = {
  title: 'Build the Future of',
  gradianttitle: 'Virtual Influencers',
  intro:
    'Persona Studio is a small, senior team in Ahmedabad building the tools creators, brands and agencies use to bring AI characters to life. We ship every week, we talk to creators every day, and everyone owns real parts of the product. If that sounds like your kind of work, we would love to hear from you.',
  perks: [
    'Hybrid work from our Bodakdev studio, or remote anywhere in India for remote roles',
    'Health insurance for you, your partner and your parents',
    'A yearly learning budget for courses, books and conferences',
    'A generous Persona Studio plan for your own experiments',
    'Flexible hours built around a shared core of 11:00 to 16:00 IST',
  ],
  applyLabel: 'Apply',
  descriptionLabel: 'Job Description',
  noRoleText: `Don't see your role? Send your portfolio or CV to ${HR_EMAIL} and tell us what you would build here.`,
} as const;

export const CAREERS_IMAGE: SiteImage = {
  src: siteMedia('careers/team.webp'),
  alt: 'Persona Studio engineers and designers reviewing generated portraits on a large screen',
  width: 1200,
  height: 800,
};

export const JOBS: readonly Job[] = [
  {
    id: 1,
    slug: 'senior-react-engineer',
    title: 'Senior React Engineer',
    description:
      'Own the web studio where creators generate faces, images and videos. You will shape how a long-running generation feels in the browser: progress that never lies, results that survive a closed tab, downloads that are watermarked off the main thread, and an installable app that keeps working on a patchy mobile connection.',
    location: 'Ahmedabad (Hybrid)',
    experience: '5+ years',
    skills: ['React', 'TypeScript', 'Service Workers', 'IndexedDB', 'Web Workers', 'Accessibility'],
    roles: [
      {
        rolestitle: 'What you will do',
        rolesData: [
          'Build and refine the studio screens for face, image, video, cloth swap, image to video and music generation.',
          'Design the client side of our job system: queued requests, background polling and notifications when a long video finishes.',
          'Keep the public site fast on a mid-range phone, with budgets for LCP, layout shift and JavaScript size.',
          'Review code, pair with designers and raise the bar for testing across the front end.',
        ],
      },
      {
        rolestitle: 'What we are looking for',
        rolesData: [
          'Five or more years building production React applications in TypeScript.',
          'Hands-on experience with service workers, offline storage or PWAs.',
          'A habit of measuring performance rather than guessing.',
          'Care for accessibility: keyboard use, focus management and screen reader labels.',
        ],
      },
      {
        rolestitle: 'Nice to have',
        rolesData: [
          'Experience with WebAssembly, ffmpeg.wasm or canvas-based media processing.',
          'Playwright or similar browser testing at scale.',
          'A portfolio of side projects you are proud of.',
        ],
      },
    ],
  },
  {
    id: 2,
    slug: 'backend-engineer-nodejs',
    title: 'Backend Engineer (Node.js)',
    description:
      'Build the API and job pipeline behind every generation. Our backend accepts requests, queues work for GPU engines, tracks progress, charges quotas exactly once and stores results safely. You will make it reliable under load and simple to run, from a single machine to a fleet of workers.',
    location: 'Ahmedabad (Hybrid)',
    experience: '3-6 years',
    skills: ['Node.js', 'TypeScript', 'Fastify', 'PostgreSQL', 'Redis', 'Object Storage'],
    roles: [
      {
        rolestitle: 'What you will do',
        rolesData: [
          'Design and build HTTP endpoints with schemas, validation and clear error messages.',
          'Run the generation job queue: leases, retries, idempotency and recovery after restarts.',
          'Integrate payment providers for India and international subscriptions.',
          'Own observability: structured logs, metrics and alerts that tell us about problems before users do.',
          'Write tests that run against real databases and queues, not just mocks.',
        ],
      },
      {
        rolestitle: 'What we are looking for',
        rolesData: [
          'Three or more years of backend work in Node.js and TypeScript.',
          'Solid SQL and experience running PostgreSQL in production.',
          'Understanding of queues, at-least-once delivery and idempotent handlers.',
          'Good judgement about security: authentication, rate limits and handling untrusted input.',
        ],
      },
    ],
  },
  {
    id: 3,
    slug: 'ml-engineer-generative-video',
    title: 'ML Engineer – Generative Video',
    description:
      'Make our characters move. You will work on face swap for video, image-to-video and identity consistency across frames, taking research models to fast, dependable production pipelines. The bar is simple to state and hard to meet: the face in frame 300 must be the same person as the face in frame 1.',
    location: 'Ahmedabad or Remote (India)',
    experience: '3+ years',
    skills: ['Python', 'PyTorch', 'Diffusion Models', 'ComfyUI', 'CUDA', 'Video Processing'],
    roles: [
      {
        rolestitle: 'What you will do',
        rolesData: [
          'Build and tune pipelines for face-swap video, image to video and cloth swap.',
          'Measure identity consistency, temporal stability and artefacts with automated evaluations.',
          'Cut generation time and GPU cost through batching, quantisation and caching.',
          'Package workflows so they run the same way in development and on our GPU fleet.',
          'Keep an eye on research and prototype what matters for creators.',
        ],
      },
      {
        rolestitle: 'What we are looking for',
        rolesData: [
          'Three or more years training or deploying deep learning models, ideally for images or video.',
          'Strong Python and PyTorch; comfort reading papers and reproducing results.',
          'Experience with diffusion models, face embeddings or video generation.',
          'A responsible attitude to synthetic media, consent and misuse prevention.',
        ],
      },
    ],
  },
  {
    id: 4,
    slug: 'product-designer',
    title: 'Product Designer',
    description:
      'Design the studio that creators live in. From the first face a new user generates to the gallery of an agency running ten characters, you will make complex generation workflows feel simple, fast and a little bit magical, on a 390-pixel phone screen first.',
    location: 'Ahmedabad (Hybrid)',
    experience: '3-5 years',
    skills: ['Figma', 'Interaction Design', 'Design Systems', 'Prototyping', 'User Research'],
    roles: [
      {
        rolestitle: 'What you will do',
        rolesData: [
          'Own end-to-end design for studio features, from research to shipped pixels.',
          'Evolve our dark studio design system: tokens, components, motion and the gradient accent.',
          'Run regular sessions with creators and agencies and turn what you learn into decisions.',
          'Work side by side with engineers on details like progress states, empty states and errors.',
        ],
      },
      {
        rolestitle: 'What we are looking for',
        rolesData: [
          'A portfolio showing shipped product work for web or mobile apps.',
          'Strong visual craft and a systematic approach to components.',
          'Experience designing for creative tools or media-heavy products is a plus.',
          'Clear written communication; you can explain why, not only what.',
        ],
      },
    ],
  },
  {
    id: 5,
    slug: 'growth-marketer',
    title: 'Growth Marketer',
    description:
      'Help creators, brands and agencies discover Persona Studio. You will run experiments across our site, content, partnerships and affiliate program, and turn what works into repeatable channels, with honest marketing that shows what the product really does.',
    location: 'Ahmedabad or Remote (India)',
    experience: '2-5 years',
    skills: ['Performance Marketing', 'SEO', 'Analytics', 'Lifecycle Email', 'Experimentation'],
    roles: [
      {
        rolestitle: 'What you will do',
        rolesData: [
          'Plan and run acquisition experiments on paid social, search and creator partnerships.',
          'Grow the affiliate program: recruit partners, improve their materials and track payouts.',
          'Improve conversion from visitor to free trial to paid plan with the product team.',
          'Own lifecycle email: onboarding, trial reminders and newsletters people want to read.',
        ],
      },
      {
        rolestitle: 'What we are looking for',
        rolesData: [
          'Two or more years in growth or performance marketing, ideally for a SaaS or creator product.',
          'Comfort with analytics tools, spreadsheets and simple SQL.',
          'A record of experiments with clear hypotheses and honest write-ups.',
          'Knowledge of the creator economy and short-form video platforms.',
        ],
      },
    ],
  },
  {
    id: 6,
    slug: 'community-manager',
    title: 'Community Manager',
    description:
      'Be the voice of Persona Studio to thousands of creators. You will run our Instagram, YouTube and community spaces, showcase the best characters our users make, gather feedback for the product team, and help newcomers create their first virtual influencer.',
    location: 'Ahmedabad (On-site)',
    experience: '2+ years',
    skills: ['Community Building', 'Instagram', 'YouTube', 'Content Writing', 'Creator Relations'],
    roles: [
      {
        rolestitle: 'What you will do',
        rolesData: [
          'Plan and publish content across Instagram, YouTube, X and LinkedIn.',
          'Feature community characters and reels, always with the creator\u2019s permission and credit.',
          'Host live sessions and tutorials with our product team.',
          'Collect feedback and feature requests and bring them to weekly product reviews.',
          'Help enforce our community guidelines kindly and consistently.',
        ],
      },
      {
        rolestitle: 'What we are looking for',
        rolesData: [
          'Two or more years managing a brand or creator community.',
          'Excellent written English; Hindi or Gujarati is a plus.',
          'A feel for short-form video and what makes a reel work.',
          'Patience, empathy and a sense of humour.',
        ],
      },
    ],
  },
  {
    id: 7,
    slug: 'qa-engineer',
    title: 'QA Engineer',
    description:
      'Keep Persona Studio dependable as we ship every week. You will build automated tests that drive the real app in a browser, design test plans for payments and generation flows, and make sure a creator on a slow phone in a small town has the same good experience as one on a fast laptop.',
    location: 'Remote (India)',
    experience: '2-4 years',
    skills: ['Playwright', 'TypeScript', 'API Testing', 'Test Planning', 'CI Pipelines'],
    roles: [
      {
        rolestitle: 'What you will do',
        rolesData: [
          'Write and maintain browser tests for sign-in, billing, generation and the gallery.',
          'Test APIs directly, including error paths, rate limits and bad input.',
          'Check performance and offline behaviour on throttled networks and low-end devices.',
          'Triage bug reports from users and turn them into reproducible cases.',
        ],
      },
      {
        rolestitle: 'What we are looking for',
        rolesData: [
          'Two or more years in QA with a strong automation focus.',
          'Working knowledge of TypeScript or JavaScript.',
          'Experience testing payment flows or media-heavy applications.',
          'An eye for detail and the confidence to hold a release when something is wrong.',
        ],
      },
    ],
  },
];
