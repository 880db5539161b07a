import type { BlogArticleBody } from './draft.ts';

export const body: BlogArticleBody = {
  header: [
    {
      title: 'The photoshoot',
      gradianttitle: 'bottleneck',
      items: [
        [
          'For a small fashion label, every new drop means booking a model, a photographer and a location, then waiting days for edited images. By the time the lookbook is ready, the social calendar has moved on. Larger brands face the same problem at scale, with hundreds of products to photograph every season.',
          'Cloth swap in Persona Studio offers a different route. You upload a photo of a garment and swap it onto one of your generated images, replacing just the top, just the bottom or the whole outfit. Paired with a consistent brand character, it turns a rail of samples into a week of content in an afternoon.',
        ],
      ],
    },
  ],
  subHeaderData: [
    {
      subHeader: 'Getting clean',
      gradianttitle: 'results',
      items: [
        {
          title: 'Photograph the',
          gradianttitle: 'garment well',
          text: [
            'The garment photo is the most important input. Lay the piece flat or hang it on a plain background, in even daylight, with the whole garment in frame and no folds hiding the shape. Avoid busy backgrounds, hands in the shot and strong shadows. PNG, JPEG and WEBP files all work.',
            'If your brand already has clean e-commerce packshots, those are usually perfect as they are.',
          ],
        },
        {
          title: 'Choose the right',
          gradianttitle: 'category',
          text: [
            'Pick tops for shirts, blouses, jackets and knitwear; bottoms for trousers, skirts and shorts; and one-pieces for dresses, jumpsuits and co-ord sets you want swapped as a whole. Choosing the category tells the studio which part of the outfit to replace and which to keep, so a new shirt does not accidentally change the trousers you liked.',
          ],
        },
        {
          title: 'Start from a',
          gradianttitle: 'suitable base image',
          text: [
            'Cloth swap works on images you have already generated. For the cleanest result, choose a base image where the pose shows the garment area clearly: a front-facing half-body shot for tops, a full-body shot for trousers and dresses. Crossed arms and heavy accessories make swaps harder.',
          ],
        },
      ],
    },
    {
      subHeader: 'From single swaps to a',
      gradianttitle: 'full lookbook',
      items: [
        {
          title: 'Build a library of',
          gradianttitle: 'base poses',
          text: [
            'Generate a set of ten to fifteen base images of your brand character in poses and settings that match your identity: studio shots for the website, street scenes for social media, seasonal locations for campaigns. These become your reusable canvases for every new product.',
          ],
        },
        {
          title: 'Show the whole',
          gradianttitle: 'range',
          text: [
            'Swap every colourway or variation of a product onto the same base image and post the results as a carousel, so shoppers can compare options side by side. For co-ord sets, photograph both pieces together and use the one-piece category to swap the complete look. Posts like these sell more than one product at a time.',
          ],
        },
        {
          title: 'Add',
          gradianttitle: 'motion',
          text: [
            'Turn your strongest lookbook images into short clips with image to video. A slow turn or a walk toward the camera shows how fabric moves, which is exactly what shoppers want to see before they buy.',
          ],
        },
        {
          title: 'Be accurate with',
          gradianttitle: 'customers',
          text: [
            'AI imagery must still represent the product honestly. Check every swap against the real garment for colour, pattern and fit, and reshoot the packshot if something does not match. Label AI-generated visuals where platforms or advertising rules require it, and keep real product photos on your product pages so customers know exactly what they are ordering.',
            'Used this way, cloth swap does not replace your photographer for hero campaigns. It fills the gap between them, so your feed can keep up with your product calendar.',
          ],
        },
      ],
    },
  ],
};
