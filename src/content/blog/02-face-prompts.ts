import type { BlogArticleBody } from './draft.ts';

export const body: BlogArticleBody = {
  header: [
    {
      title: 'Think like a',
      gradianttitle: 'casting director',
      items: [
        [
          'When a film studio casts an actor, nobody writes "beautiful woman, perfect face". They describe a person: late twenties, sharp cheekbones, a crooked smile, dark curly hair that never quite stays in place. That kind of description is exactly what makes a face prompt work.',
          'The Prompt tab in Persona Studio\u2019s face generator turns a written description into a realistic face of a person who does not exist. The more your description sounds like a specific individual, the more specific and believable the result will be. Generic words produce generic faces.',
        ],
      ],
    },
    {
      title: 'Celebrity blend or',
      gradianttitle: 'written prompt?',
      items: [
        [
          'The Celebrity tab is the quickest way to a striking face: enter three celebrity names and the studio blends them into someone new. It is great for exploring, because famous faces carry a lot of information about bone structure and proportions.',
          'A written prompt gives you more control when you already know the character you want, for example a brand ambassador who has to match a target audience. Many creators start with a celebrity blend to find a direction, then move to prompts to refine the details.',
        ],
      ],
    },
  ],
  subHeaderData: [
    {
      subHeader: 'The anatomy of a',
      gradianttitle: 'great face prompt',
      items: [
        {
          title: 'Age, origin and',
          gradianttitle: 'overall impression',
          text: [
            'Open with the basics: an age range and the overall impression the face should give. "A woman in her early thirties with a calm, confident expression" sets the frame. Mentioning a regional look, such as "South Indian features" or "Scandinavian features", helps the model choose believable combinations of skin tone, hair and facial structure.',
          ],
        },
        {
          title: 'Specific',
          gradianttitle: 'features',
          text: [
            'Then add three to five concrete details: the shape of the eyes, the thickness of the eyebrows, the line of the nose, a dimple, a gap between the teeth, laugh lines. Small imperfections are what make a face look real. A prompt with "light freckles across the nose and a small scar through the left eyebrow" will almost always look more human than one that asks for flawless skin.',
          ],
        },
        {
          title: 'Hair, skin and',
          gradianttitle: 'grooming',
          text: [
            'Describe the hair colour, length and texture, and how it is styled. Mention skin texture honestly: visible pores, a light tan, a few fine lines. For men, say whether the face is clean-shaven or has stubble or a beard, and how well groomed it is. These details also become part of your character sheet later.',
          ],
        },
        {
          title: 'Light and',
          gradianttitle: 'framing',
          text: [
            'A neutral setup gives you the most reusable face: "soft, even studio lighting, facing the camera, plain background". Dramatic lighting can look stunning, but a face lit from one side hides detail you will need later when you place the character in other scenes.',
          ],
        },
      ],
    },
    {
      subHeader: 'Common mistakes and',
      gradianttitle: 'how to fix them',
      items: [
        {
          title: 'Too many',
          gradianttitle: 'adjectives',
          text: [
            'Words like "stunning", "gorgeous" and "perfect" push faces toward the same polished, slightly unreal look. Replace each one with a concrete detail. Instead of "gorgeous eyes", write "deep-set hazel eyes with long lashes".',
          ],
        },
        {
          title: 'Contradictory',
          gradianttitle: 'details',
          text: [
            'A prompt asking for "a teenager with grey hair and deep wrinkles" forces the model to choose, and it may choose differently every time. Read your prompt back and check that every detail belongs to the same person.',
          ],
        },
        {
          title: 'Real people\u2019s',
          gradianttitle: 'names in prompts',
          text: [
            'Prompts are for describing new people. Do not try to recreate a specific real person with a written prompt; our community guidelines forbid impersonation, and the point of a virtual influencer is that it is nobody else. If you want a famous feel, the Celebrity tab blends three names into a face that belongs to none of them.',
            'Finally, generate more than once. Try three or four variations of your best prompt, compare them side by side in your gallery, and keep the face you would still be happy to see in a year\u2019s worth of posts.',
          ],
        },
      ],
    },
  ],
};
