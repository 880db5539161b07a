import type { Kysely } from 'kysely';

// The paid plans of spec document 1 §9 (monthly; the 50% offer price and the struck-through list price).
// Enterprise is not a row: it is custom-priced, sold through the contact form, never subscribed to
// online and has no fixed limits, so no subscription can reference it. The page shows its card from
// static content. Provider plan ids are deployment-specific and are filled from configuration.
const plans = [
  { id: 'basic', name: 'Basic', inr: 999, listInr: 1999, usdCents: 1299, listUsdCents: 2599, faces: 3, images: 15, videos: 5 },
  { id: 'advanced', name: 'Advanced', inr: 1999, listInr: 3999, usdCents: 2499, listUsdCents: 4999, faces: 5, images: 35, videos: 10 },
  { id: 'premium', name: 'Premium', inr: 2999, listInr: 5999, usdCents: 3999, listUsdCents: 7999, faces: 6, images: 80, videos: 15 },
];

function features(p: (typeof plans)[number]): string[] {
  return [
    `${p.faces} AI characters (faces)`,
    `${p.images} images a month, cloth swaps included`,
    `${p.videos} videos a month: face swap, image to video or AI music`,
    'Private gallery of everything you create',
  ];
}

// Kysely<any>: a migration must keep working when today's schema types change.
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('plans')
    .values(
      plans.map((p, i) => ({
        id: p.id,
        name: p.name,
        provider_plan_id: null,
        other_plan_id: null,
        price_inr_paise: p.inr * 100,
        list_price_inr_paise: p.listInr * 100,
        price_usd_cents: p.usdCents,
        list_price_usd_cents: p.listUsdCents,
        face_limit: p.faces,
        image_limit: p.images,
        video_limit: p.videos,
        features: JSON.stringify(features(p)),
        sort_order: i + 1,
      })),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('plans').where('id', 'in', plans.map((p) => p.id)).execute();
}
