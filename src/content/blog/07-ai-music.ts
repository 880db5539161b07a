import type { BlogArticleBody } from './draft.ts';

export const body: BlogArticleBody = {
  header: [
    {
      title: 'Why your character needs',
      gradianttitle: 'its own sound',
      items: [
        [
          'Sound is half of every reel. Using the same trending track as thousands of other accounts can help for a day, but it does nothing for your identity, and commercial accounts often cannot use popular music at all without a licence. A sponsored reel with claimed audio is a problem nobody wants to explain to a client.',
          'The AI Music Generator in Persona Studio lets you create original tracks from four ingredients: your lyrics, a reference song that sets the style, an optional voice file and an optional instrumental file. The result is a song your character can make its signature.',
        ],
      ],
    },
  ],
  subHeaderData: [
    {
      subHeader: 'The four',
      gradianttitle: 'ingredients',
      items: [
        {
          title: 'Lyrics that fit',
          gradianttitle: 'a reel',
          text: [
            'You have up to 400 characters, which is plenty for a short song and perfect for reels. Write a hook first: one or two lines that are easy to remember and say something about your character. Then add a short verse. Read it aloud; if a line is awkward to say, it will be awkward to sing.',
            'Keep your persona\u2019s voice. A playful travel creator might sing about missed trains and street food; a fitness coach might write a chant that works for a workout montage.',
          ],
        },
        {
          title: 'A reference song for',
          gradianttitle: 'style',
          text: [
            'The song file tells the generator what the music should feel like: tempo, mood, genre and energy. Choose a reference that is clear and representative of the style you want, and make sure you have the right to use the file you upload. It must be a WAV or MP3 longer than fifteen seconds; thirty seconds to a minute of the most typical part of the song works best.',
          ],
        },
        {
          title: 'A voice',
          gradianttitle: 'file',
          text: [
            'Add a voice recording to shape the vocal character of the track. Record in a quiet room, close to the microphone, with no music in the background. Use only your own voice or a voice you have clear permission to use. If you upload a voice without an instrumental, the result is an a cappella, hummed take, which can be lovely for intimate, quiet reels.',
          ],
        },
        {
          title: 'An instrumental',
          gradianttitle: 'file',
          text: [
            'An instrumental gives the track its backing: your own beat, a licensed loop or a piece composed for you. If you upload an instrumental without a voice, you get a track without vocals, useful as background for tutorials and product shots. Upload both for a complete song.',
          ],
        },
      ],
    },
    {
      subHeader: 'From track to',
      gradianttitle: 'reel',
      items: [
        {
          title: 'Generate a few',
          gradianttitle: 'versions',
          text: [
            'Music is subjective, so create two or three versions with small changes to the lyrics or a different reference song, then listen on your phone\u2019s speaker as well as on headphones. Most people will hear your reel through a phone speaker, so make sure the hook is still clear there.',
          ],
        },
        {
          title: 'Build a',
          gradianttitle: 'sonic signature',
          text: [
            'Once you have a track you love, use a short part of it as an intro or outro on every reel. Over time followers will recognise your character from the first two seconds of sound, even before they see the face. Every track you generate is saved in the audio tab of your gallery, so your library grows with every release.',
          ],
        },
      ],
    },
  ],
};
