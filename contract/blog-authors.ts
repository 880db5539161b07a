// Blog authors (the Persona Studio team): the page shows them, the site media manifest lists an
// avatar for each (authors/<key>.webp).
export const BLOG_AUTHORS = {
  'riya-mehta': { name: 'Riya Mehta', role: 'Head of Content' },
  'arjun-desai': { name: 'Arjun Desai', role: 'ML Engineer' },
  'kavya-shah': { name: 'Kavya Shah', role: 'Brand Partnerships Lead' },
  'nikhil-patel': { name: 'Nikhil Patel', role: 'Product Manager' },
  'ananya-iyer': { name: 'Ananya Iyer', role: 'Community Manager' },
} as const;

export type BlogAuthorKey = keyof typeof BLOG_AUTHORS;
