// The AI transparency page (/ai-transparency, issue 26): what the "AI-generated" label, the IPTC
// mark, the Content Credentials and the download watermark are, consent, and how to verify a file.
import type { PolicySection } from './types.ts';
import { LEGAL_EMAIL } from './contact.ts';
import { CONSENT_LABEL } from '../../contract/consent.ts';

export const AI_TRANSPARENCY_LAST_UPDATED = '2026-11-26';

export const AI_TRANSPARENCY_PAGE = {
  title: 'AI',
  gradianttitle: 'Transparency',
  description:
    'How Persona Studio marks everything it makes as AI-generated: the on-screen label, the IPTC digital source type in every file, signed Content Credentials (C2PA), the download watermark, consent, and how to verify.',
  intro:
    'Everything Persona Studio makes is AI-generated, and we say so: on screen, inside every file and in signed Content Credentials. This page explains each mark, what the watermark on downloads does, how we ask for consent before a real person\u2019s media is used, and how you can check any file yourself.',
} as const;

const VERIFY_URL = 'https://contentcredentials.org/verify';

export const AI_TRANSPARENCY_SECTIONS: readonly PolicySection[] = [
  {
    id: 'ai-generated',
    title: 'What "AI-generated" means here',
    paragraphs: [
      'The faces, images, videos, cloth swaps, image-to-video clips and songs you make in Persona Studio are synthetic media: made by our generation engines, not captured by a camera or a microphone. Each result in the studio and each item in your gallery is labelled "AI-generated", and the files themselves carry machine-readable marks, so that the apps and platforms your creations travel to can tell as well, as Article 50 of the EU AI Act asks of services that generate images, video and audio.',
      'When a result is built on media you bring, such as a linked post or reel, your garment photo, your song or your voice, it is a composite: the marks say so and, in the Content Credentials, name your media as the ingredient the result was made from.',
      'Results of the built-in local engine, which self-hosted and trial set-ups use when no AI service is connected, are drawn by a plain algorithm rather than a trained model. Their marks say exactly that, and they are labelled as generated all the same.',
    ],
  },
  {
    id: 'iptc-mark',
    title: 'The IPTC mark in every file',
    paragraphs: [
      [
        'Every picture, video and song we store carries the IPTC Digital Source Type, the vocabulary news agencies and social platforms use to say how a piece of media was made. It is written as XMP metadata (',
        { code: 'Iptc4xmpExt:DigitalSourceType' },
        '): inside PNG and JPEG pictures, in the XMP box of MP4 videos, and in the ID3 tag of MP3 songs, where a readable text frame repeats it. The name and version of the tool that made the file are recorded beside it.',
      ],
      [
        'The value tells how the file was made: ',
        { code: 'trainedAlgorithmicMedia' },
        ' for what an AI model made from a prompt, a template or a face, ',
        { code: 'compositeWithTrainedAlgorithmicMedia' },
        ' for AI output combined with your own or linked media, and ',
        { code: 'algorithmicMedia' },
        ' or ',
        { code: 'compositeSynthetic' },
        ' for the same two cases from the local engine.',
      ],
      'Metadata can be removed by anyone who edits or re-saves a file, and some sites strip it on upload. The mark supports honest publishing; it is not a lock.',
    ],
  },
  {
    id: 'content-credentials',
    title: 'Content Credentials (C2PA)',
    paragraphs: [
      'Each picture, video and song also carries a Content Credentials manifest, the open C2PA standard that Meta, TikTok, LinkedIn and others read to label AI content. It is signed at the moment the file is generated and records how the file came to be: created by Persona Studio with AI, or, when it builds on media you supplied, that media opened as its parent ingredient and then edited. Any later change to the file breaks the signature, so a verifier can tell that a file is no longer as it was signed.',
      'The manifest is signed with the certificate of the service that runs Persona Studio. A self-hosted deployment without a certificate of its own signs with a local certificate authority it creates on first start. That chain is on no trust list, so verifiers may show the credentials as coming from an unknown or untrusted signer: the manifest and its marks are still checked, only the signer is not vouched for.',
    ],
  },
  {
    id: 'watermark',
    title: 'The watermark on downloads',
    paragraphs: [
      'Images and videos you download from the studio or the gallery carry the visible Persona Studio watermark, added on your device when you press Download. The downloaded copy keeps the IPTC mark, which is copied into the watermarked file.',
      'A Content Credentials manifest cannot be signed again in your browser, so the watermarked download carries the AI mark and the watermark but not the signed credentials. The original in your gallery keeps them. Removing or hiding the watermark is not allowed under our Terms and Conditions.',
    ],
  },
  {
    id: 'consent',
    title: 'Consent for real people\u2019s media',
    paragraphs: [
      `Before you use media that may show or sound like a real person, such as a linked Instagram post or reel, a garment photo or a voice file, the studio asks you to confirm: "${CONSENT_LABEL}". We record that confirmation with what it covers (your account, the time, and the link or file) and keep it with the generation that uses it. Templates, faces you generated and a song used only as a style reference need no confirmation.`,
      `When you publish a result, say that it is AI-generated, especially if it resembles a real person, place or event, and use the AI labels of the platforms you post on. Never present a result as a real person or a real event. To report content made with Persona Studio that depicts you without consent, write to ${LEGAL_EMAIL}.`,
    ],
  },
  {
    id: 'verify',
    title: 'How to verify a file',
    paragraphs: [
      [
        'Content Credentials: open ',
        { href: VERIFY_URL, label: 'contentcredentials.org/verify' },
        ' and drop in a file from your gallery. It shows the manifest, the actions it records and the signer (an unknown signer for a self-hosted deployment, as explained above).',
      ],
      [
        'On the command line, the Content Authenticity Initiative\u2019s ',
        { code: 'c2patool' },
        ' prints the same manifest, for example ',
        { code: 'c2patool face.png' },
        ', and ExifTool prints the IPTC mark of any picture, video or song: ',
        { code: 'exiftool -G1 -DigitalSourceType song.mp3' },
        '.',
      ],
      'In the app, every result and every gallery item shows the "AI-generated" label next to it.',
    ],
  },
];
