// A catalogue of any size for measurements: after the demo seed, generated families of oils, hydrolats and the rest
// (new grades, origins and producers of the demo products, each with the demo family's volumes) in one statement.
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** Grades written after the name, none of which has to agree with its gender («Лаванда узколистная экстра»). */
const GRADES = [
  'экстра',
  'премиум',
  'органик',
  'BIO',
  'дикорастущая',
  'высший сорт',
  'CO₂-экстракт',
  'первой перегонки',
  'полная',
  'классик',
  'терапевтическая',
  'мягкая',
];
const GRADE_SLUGS = [
  'extra',
  'premium',
  'organik',
  'bio',
  'dikorastushchaya',
  'vysshij-sort',
  'co2',
  'pervoj-peregonki',
  'polnaya',
  'klassik',
  'terapevticheskaya',
  'myagkaya',
];
const COUNTRIES = [
  'Франция',
  'Болгария',
  'Индия',
  'Непал',
  'Италия',
  'Испания',
  'Крым',
  'Алтай',
  'Марокко',
  'Мадагаскар',
  'Шри-Ланка',
  'Египет',
  'Австралия',
  'Бразилия',
];
const PRODUCERS = [
  'Прованс Арома',
  'Алтайские травы',
  'Дом Розы',
  'Зелёная долина',
  'Крымская роза',
  'Botanica Pura',
  'Аромастудия',
  'Лесной дух',
  'Сибирская кедровая',
  'Гималайский сад',
];

function textArray(values: string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * Adds generated products after `seedDemoContent` until the catalogue holds `totalProducts` (a smaller or equal
 * total adds nothing). Family n copies a demo family (its category, texts, pictures and volumes), chosen by a
 * multiplicative hash so that every category grows in proportion to its demo families, and gets a grade, origin and
 * producer of its own: «Лаванда узколистная экстра, Франция («Прованс Арома»)». Prices, stock, popularity, badges
 * and age vary by family; about one family in 8 has a special price, one product in 7 is sold out, one family in 97
 * is hidden. Set-based (INSERT … SELECT generate_series): 100 000 products load in seconds, on PGlite as well.
 * @public For `npm run bench` and scripts/dev/catalogue-scale.mjs, not the shop itself.
 */
export async function seedLargeCatalogue(db: Database, totalProducts: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Building the secondary indexes once afterwards is several times faster than growing them row by row (the
    // GIN indexes above all). Their definitions are read back from the database, so they stay the migrations'.
    const { rows: indexes } = (await tx.execute(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename = 'products'
        and indexname not in (select conname from pg_constraint where conrelid = 'products'::regclass)`)) as unknown as {
      rows: Array<{ name: string; definition: string }>;
    };
    for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
    await insertProducts(tx as unknown as Database, totalProducts);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  });
  await db.execute(sql`analyze products`);
}

async function insertProducts(db: Database, totalProducts: number): Promise<void> {
  const grades = textArray(GRADES);
  const countries = textArray(COUNTRIES);
  await db.execute(sql`
    with templates as (
      select row_number() over (order by family_key) - 1 as t, family_key
      from (select distinct family_key from products where visible) families
    ),
    template_count as (select count(*)::int as n from templates),
    wanted as (select greatest(${totalProducts}::int - (select count(*)::int from products), 0) as n),
    family as (
      select g, (g::bigint * 7919 % (select n from template_count))::int as t,
        (g::bigint * 2654435761 % 4294967296)::bigint as h
      from generate_series(1, (select n from wanted)) as g
    ),
    -- Which demo product each new one copies, numbered on narrow rows: the wide ones are never sorted.
    planned as (
      select f.g, f.h, v.id as source_id, row_number() over (order by f.g, v.volume_ml, v.id) as n
      from family f
      join templates tpl on tpl.t = f.t
      join products v on v.family_key = tpl.family_key and v.visible
    )
    insert into products (name, latin_name, url, family_key, volume, volume_ml, cena, cena_st, stock, category_id,
      kat_global, icons, images, description, composition, usage, safety, country, plant_part, extraction_method,
      avg_rating, votes_count, popularity, visible, created_at)
    select
      v.name || ' ' || (${grades})[1 + p.g % ${GRADES.length}] || ', '
        || (${countries})[1 + (p.g / ${GRADES.length}) % ${COUNTRIES.length}]
        || ' («' || (${textArray(PRODUCERS)})[1 + p.h % ${PRODUCERS.length}] || '»)',
      v.latin_name,
      '/' || v.family_key || '-' || (${textArray(GRADE_SLUGS)})[1 + p.g % ${GRADES.length}] || '-' || p.g
        || substr(v.url, length(v.family_key) + 2),
      v.family_key || '-' || p.g,
      v.volume,
      v.volume_ml,
      greatest(50, round(v.cena * (0.7 + (p.h % 61) / 100.0) / 10) * 10)::int,
      case when p.h % 8 = 0 then round(v.cena * (0.9 + (p.h % 61) / 100.0) / 10)::int * 10 + 10 else 0 end,
      case when (p.h / 7 + v.volume_ml) % 7 = 0 then 0 else ((p.h / 49 + v.volume_ml) % 60)::int + 1 end,
      v.category_id,
      v.kat_global,
      case when p.g % 9 = 0 then array['new']::text[]
        else array(select icon from unnest(v.icons) as icon where icon <> 'new') end,
      v.images,
      -- The first paragraph: the search vector of every whole description would be most of the load's time.
      split_part(v.description, '</p>', 1) || '</p>',
      v.composition,
      v.usage,
      v.safety,
      (${countries})[1 + (p.g / ${GRADES.length}) % ${COUNTRIES.length}],
      v.plant_part,
      v.extraction_method,
      case when p.h % 3 = 0 then 0 else 3.5 + (p.h % 16) / 10.0 end,
      case when p.h % 3 = 0 then 0 else (p.h % 40)::int + 1 end,
      (p.h / 1000 % 1000)::int,
      p.g % 97 <> 0,
      now() - make_interval(days => (p.h / 1000000 % 730)::int, mins => (p.g % 1440)::int)
    from planned p
    join products v on v.id = p.source_id
    where p.n <= (select n from wanted)`);
}
