// One catalogue file (import*.xml, offers*.xml, prices*, rests*), in two steps (decision 035). The file is read
// into the staging tables in short statements, so the shop's other requests keep their turn on the database (PGlite
// has one connection); then it is applied in one transaction of a few set-based statements, so a refused file
// changes nothing. After the commit the public caches are dropped, the waitlists of goods back in stock hear of
// it, and new goods get their pictures.
import { randomInt } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  emptyCounts,
  goodsWantingPictures,
  hideUnlisted,
  setImportedPictures,
} from '../catalog/catalog.service.ts';
import type { ImageRef } from '../catalog/catalog.table.ts';
import { tellWaitlist } from '../catalog/products-admin.service.ts';
import type { ExchangeSessionRow } from './exchange.repo.ts';
import { type ExchangeFileResult, exchangeStagedGoods, exchangeStagedOffers } from './exchange.table.ts';
import { applyStagedGoods, createCategoryWriter, createGoodsStager } from './exchange-catalog.ts';
import type { ExchangeDeps } from './exchange-deps.ts';
import { applyStagedOffers, createOffersStager } from './exchange-offers.ts';
import { type PropertyDictionary, readPropertyDefinitions } from './exchange-properties.ts';
import { readXmlRecords, type XmlNode } from './exchange-xml.ts';

/** The classifier's properties of the session; «#» keeps 1C's own file names from ever colliding with it. */
const PROPERTIES_FILE = 'properties#.json';

/** Stores a picture from the session folder; null when the file is missing or not a picture. */
type StorePicture = (productId: number, relativePath: string) => Promise<ImageRef | null>;

/** This run's staged rows, and any a crashed process left behind a day ago or more. */
async function clearStaging(db: Database, run: number): Promise<void> {
  const stale = (table: typeof exchangeStagedGoods | typeof exchangeStagedOffers) =>
    sql`${table.run} = ${run} or ${table.stagedAt} < now() - interval '1 day'`;
  await db.delete(exchangeStagedGoods).where(stale(exchangeStagedGoods));
  await db.delete(exchangeStagedOffers).where(stale(exchangeStagedOffers));
}

/** One import file: staged, applied in one transaction; then caches, waitlists and pictures. */
export async function applyCatalogFile(
  deps: ExchangeDeps & { storePicture: StorePicture; folder: string },
  session: ExchangeSessionRow,
  filename: string,
  file: string,
  job: { records: number },
): Promise<ExchangeFileResult> {
  const { db, config } = deps;
  const started = Date.now();
  const earlier = session.files.filter((item) => !item.error);
  const fullBefore = earlier.some((item) => item.kind === 'Каталог (полный)');
  const offersBefore = earlier.some((item) => item.kind === 'Предложения');
  const isSplit = /\d+_\d+\.xml$/i.test(filename);
  // 1C 8.3 sends the classifier's properties in one file and the goods in another: kept beside the files.
  const propertiesFile = path.join(deps.folder, PROPERTIES_FILE);
  const properties = await readFile(propertiesFile, 'utf8')
    .then((text) => JSON.parse(text) as PropertyDictionary)
    .catch(() => ({}) as PropertyDictionary);
  const propertiesBefore = Object.keys(properties).length;

  // Runs of concurrent imports (1C and a manual upload) only need to differ; rows are gone after the file.
  const run = randomInt(1, 2 ** 31 - 1);
  await clearStaging(db, run);
  const reserved = new Set<string>();
  const goods = createGoodsStager(db, run, properties, reserved);
  const offers = createOffersStager(
    db,
    run,
    { priceType: config.EXCHANGE_PRICE_TYPE, oldPriceType: config.EXCHANGE_OLD_PRICE_TYPE },
    reserved,
  );
  const groups: XmlNode[] = [];
  let kind = 'Пустой файл';
  let partial = false;
  let fullGoods = false;
  let hasOffers = false;
  try {
    await readXmlRecords(file, {
      isRecord: (at) => {
        const name = at[at.length - 1];
        const parent = at[at.length - 2];
        return (
          (name === 'Группы' && parent === 'Классификатор') ||
          (name === 'Свойства' && parent === 'Классификатор') ||
          (name === 'Товар' && parent === 'Товары' && at[at.length - 3] === 'Каталог') ||
          (name === 'СодержитТолькоИзменения' && (parent === 'Каталог' || parent === 'ПакетПредложений')) ||
          (name === 'ТипыЦен' && parent === 'ПакетПредложений') ||
          (name === 'Предложение' && parent === 'Предложения')
        );
      },
      onOpen: (at, attrs) => {
        const name = at[at.length - 1];
        if (name === 'Каталог' || name === 'ПакетПредложений')
          partial = /^(true|да)$/i.test(attrs.СодержитТолькоИзменения ?? '');
        if (name === 'Каталог') kind = 'Каталог';
        if (name === 'ПакетПредложений') kind = 'Предложения';
        if (name === 'Классификатор' && kind === 'Пустой файл') kind = 'Классификатор';
      },
      onRecord: async (_at, node) => {
        job.records++;
        switch (node.name) {
          case 'СодержитТолькоИзменения':
            partial = /^(true|да)$/i.test(node.text);
            return;
          case 'Группы':
            // The tree is one record, small beside the goods: applied with them in the transaction.
            groups.push(node);
            return;
          case 'Свойства':
            readPropertyDefinitions(node, properties);
            return;
          case 'Товар':
            if (!partial) {
              fullGoods = true;
              kind = 'Каталог (полный)';
            }
            return goods.add(node);
          case 'ТипыЦен':
            return offers.priceTypes(node);
          case 'Предложение':
            // A file with goods and offers: its goods are staged before the offers look for them.
            if (!hasOffers) await goods.flush();
            hasOffers = true;
            return offers.add(node);
        }
      },
    });
    await goods.flush();
    await offers.flush();

    const counts = await db.transaction(async (tx) => {
      const counts = emptyCounts();
      const categories = createCategoryWriter(tx, counts);
      for (const node of groups) await categories.applyGroups(node);
      // A full package's first goods file unlists the 1C goods it lacks (a split one: the later files list theirs).
      await applyStagedGoods(tx, run, counts, { categories, unlistOthers: fullGoods && !fullBefore });
      // A full catalogue sent in parts is complete once its offers begin: what it lacked is hidden now.
      if (hasOffers && fullBefore && !offersBefore) await hideUnlisted(tx, counts);
      await applyStagedOffers(tx, run, counts);
      if (kind === 'Каталог (полный)' && !isSplit) await hideUnlisted(tx, counts);
      return counts;
    });
    if (Object.keys(properties).length !== propertiesBefore)
      await writeFile(propertiesFile, JSON.stringify(properties));
    deps.content.invalidate();
    for (const productId of counts.waiting) await tellWaitlist(deps, productId);
    if (await storePictures(db, run, deps.storePicture)) deps.content.invalidate();
    return {
      filename,
      kind,
      created: counts.created,
      updated: counts.updated,
      hidden: counts.hidden,
      restocked: counts.restocked,
      ms: Date.now() - started,
    };
  } finally {
    await clearStaging(db, run);
  }
}

/** Pictures of goods without photos, one short write each; a missing or broken one is skipped. True if any. */
async function storePictures(db: Database, run: number, storePicture: StorePicture): Promise<boolean> {
  let stored = false;
  for (const { id, pictures } of await goodsWantingPictures(db, run)) {
    const images: ImageRef[] = [];
    for (const picture of pictures) {
      const image = await storePicture(id, picture);
      if (image) images.push(image);
    }
    if (images.length === 0) continue;
    await setImportedPictures(db, id, images);
    stored = true;
  }
  return stored;
}
