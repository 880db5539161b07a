import type { BlogArticleBody } from './draft.ts';

export const body: BlogArticleBody = {
  header: [
    {
      title: 'From one character to',
      gradianttitle: 'a roster',
      items: [
        [
          'Running one virtual influencer is a creative project. Running six for different clients is an operation. The challenges change: keeping every character on-model when several people create content, getting approvals from clients without endless email threads, and knowing how much each account costs to produce.',
          'We spoke with agencies that run rosters on Persona Studio every day. Their workflows differ in the details, but they share a few habits that make the difference between a calm studio and a chaotic one.',
        ],
      ],
    },
  ],
  subHeaderData: [
    {
      subHeader: 'Organise',
      gradianttitle: 'characters',
      items: [
        {
          title: 'One bible per',
          gradianttitle: 'character',
          text: [
            'Every character gets a bible: the master face, a character sheet with fixed physical details, the persona document, the voice guide, approved prompts and settings, and a list of things the character never does. Store it where the whole team can find it, and update it whenever the client approves a change.',
          ],
        },
        {
          title: 'Name everything',
          gradianttitle: 'consistently',
          text: [
            'Agree on a naming scheme for downloaded files, for example client, character, date, format and version. When a client asks for "the blue blazer reel from last Tuesday", anyone on the team should find it in seconds. Your Persona Studio gallery keeps every face, image, video, cloth swap and track, newest first, which makes the original easy to trace.',
          ],
        },
      ],
    },
    {
      subHeader: 'A production',
      gradianttitle: 'pipeline',
      items: [
        {
          title: 'Plan in',
          gradianttitle: 'weekly batches',
          text: [
            'Plan each character\u2019s content a week or two ahead on a shared board with columns such as Idea, Generating, Internal review, Client review, Scheduled and Posted. Batch similar work together: generate all images on one day, videos on another. Batching keeps creative decisions consistent and makes it easier to spot when a character drifts off-model.',
          ],
        },
        {
          title: 'Review',
          gradianttitle: 'twice',
          text: [
            'Use two review steps. The internal review checks quality: is the face on-model, are hands and backgrounds clean, is the garment colour accurate, is the watermark intact? The client review checks the message: is it on-brand, is the caption right, is the disclosure in place? Never let a client be the first person to notice a quality problem.',
          ],
        },
        {
          title: 'Plan around',
          gradianttitle: 'render times',
          text: [
            'Images are ready in moments, but videos take several minutes and long reels up to about ten. Start video generations early in the day and let them render while the team works on captions and images. Finished videos land in the gallery automatically, so nobody has to babysit a progress bar.',
          ],
        },
      ],
    },
    {
      subHeader: 'Keep costs',
      gradianttitle: 'predictable',
      items: [
        {
          title: 'Budget',
          gradianttitle: 'allowances per client',
          text: [
            'Each plan includes a monthly allowance of faces, images and videos. Estimate how many of each every client needs per month, add a margin for revisions, and choose plans accordingly. Failed generations never count against the allowance, but reworks do, so a clear brief saves real money.',
            'When a roster grows beyond a handful of characters, talk to us about an Enterprise plan with custom volumes, team seats and invoiced billing. Our team in Ahmedabad works with agencies to shape a plan around the way they actually produce content.',
          ],
        },
      ],
    },
  ],
};
