import type { BlogArticleBody } from './draft.ts';

export const body: BlogArticleBody = {
  header: [
    {
      title: 'Why brands want',
      gradianttitle: 'virtual creators',
      items: [
        [
          'For a brand, a virtual influencer solves real problems. The character is always available, never caught in a scandal, can appear in any location without travel costs, and can be produced quickly when a campaign changes at the last minute. For creators, that makes a well-run virtual influencer a genuine business.',
          'Most income comes from four places: sponsored posts and reels, long-term ambassador deals, affiliate commissions, and selling your own products or services. This guide focuses on brand deals, which are usually the largest.',
        ],
      ],
    },
  ],
  subHeaderData: [
    {
      subHeader: 'Getting',
      gradianttitle: 'deal-ready',
      items: [
        {
          title: 'Build a',
          gradianttitle: 'media kit',
          text: [
            'A media kit is a two or three page document that introduces your character to brands. Include the one-sentence persona, a few of your best images and reels, follower counts, audience demographics by country, age and gender, and average reach and engagement per format. Add two or three example concepts showing how you would feature a product.',
          ],
        },
        {
          title: 'Set your',
          gradianttitle: 'rates',
          text: [
            'There is no official price list, but most creators start from their average reach. Work out a rate per thousand people reached, then adjust it for the format: reels usually cost more than static posts, and usage rights or exclusivity cost extra. Keep your production costs in mind too, including your Persona Studio plan and the time spent writing and editing.',
            'Offer packages rather than single posts, for example one reel, two stories and a carousel over a month. Packages perform better for brands and give you more predictable income.',
          ],
        },
        {
          title: 'Pitch brands that',
          gradianttitle: 'fit the persona',
          text: [
            'The best deals come from brands your character would naturally use. A travel persona pitches luggage, hotels and travel apps; a fashion persona pitches labels whose style matches their wardrobe. Send a short, personal email with one concrete idea, not just your media kit. Agencies and fashion brands are often especially open to cloth-swap lookbooks on a virtual model.',
          ],
        },
      ],
    },
    {
      subHeader: 'Contracts that',
      gradianttitle: 'protect you',
      items: [
        {
          title: 'Define',
          gradianttitle: 'deliverables and usage',
          text: [
            'Every deal needs a written agreement listing exactly what you will deliver, when, how many revisions are included, and how the brand may use the content afterwards. Usage rights matter: a brand that wants to run your reel as a paid advert for a year should pay more than one that only reposts it.',
          ],
        },
        {
          title: 'Agree on',
          gradianttitle: 'AI disclosure',
          text: [
            'State in the contract that the content is AI-generated and that both parties will label it as required by advertising rules and platform policies. This protects you if a regulator or journalist asks questions later, and it shows the brand you take their reputation seriously.',
          ],
        },
        {
          title: 'Get paid',
          gradianttitle: 'on time',
          text: [
            'Ask for part of the fee upfront, typically thirty to fifty percent for new clients, with the balance on delivery. Set clear payment terms, invoice promptly, and keep records for tax purposes; in India, check whether you need to register for GST once your income passes the threshold.',
            'Start small, deliver more than promised and ask every happy client for a testimonial. The second deal with a brand is usually far easier, and more valuable, than the first.',
          ],
        },
      ],
    },
  ],
};
