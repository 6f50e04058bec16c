// One catalogue file (import*.xml, offers*.xml, prices*, rests*) applied in one transaction: a refused file changes
// nothing. After the commit the public caches are dropped and the waitlists of goods back in stock hear of it.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tellWaitlist } from '../catalog/products-admin.service.ts';
import type { ExchangeSessionRow } from './exchange.repo.ts';
import type { ExchangeDeps } from './exchange.service.ts';
import type { ExchangeFileResult } from './exchange.table.ts';
import { type CatalogOptions, createCatalogApplier } from './exchange-catalog.ts';
import { createOffersApplier } from './exchange-offers.ts';
import type { PropertyDictionary } from './exchange-properties.ts';
import { readXmlRecords } from './exchange-xml.ts';

/** The classifier's properties of the session; «#» keeps 1C's own file names from ever colliding with it. */
const PROPERTIES_FILE = 'properties#.json';

/** One import file, in one transaction; after the commit the caches go and the waitlists hear. */
export async function applyCatalogFile(
  deps: ExchangeDeps & { storePicture: CatalogOptions['storePicture']; folder: string },
  session: ExchangeSessionRow,
  filename: string,
  file: string,
  job: { records: number },
): Promise<ExchangeFileResult> {
  const started = Date.now();
  const earlier = session.files.filter((item) => !item.error);
  const isSplit = /\d+_\d+\.xml$/i.test(filename);
  let kind = 'Пустой файл';
  // 1C 8.3 sends the classifier's properties in one file and the goods in another: kept beside the files.
  const propertiesFile = path.join(deps.folder, PROPERTIES_FILE);
  const properties = await readFile(propertiesFile, 'utf8')
    .then((text) => JSON.parse(text) as PropertyDictionary)
    .catch(() => ({}) as PropertyDictionary);
  const propertiesBefore = Object.keys(properties).length;
  const outcome = await deps.db.transaction(async (tx) => {
    const catalog = createCatalogApplier(tx, {
      priceType: deps.config.EXCHANGE_PRICE_TYPE,
      oldPriceType: deps.config.EXCHANGE_OLD_PRICE_TYPE,
      properties,
      storePicture: deps.storePicture,
    });
    const offers = createOffersApplier(
      tx,
      { priceType: deps.config.EXCHANGE_PRICE_TYPE, oldPriceType: deps.config.EXCHANGE_OLD_PRICE_TYPE },
      catalog.counts,
    );
    let partial = false;
    let unlisted = earlier.some((item) => item.kind === 'Каталог (полный)');
    let offersStarted = false;
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
      onRecord: async (at, node) => {
        job.records++;
        switch (node.name) {
          case 'СодержитТолькоИзменения':
            partial = /^(true|да)$/i.test(node.text);
            return;
          case 'Группы':
            return catalog.applyGroups(node);
          case 'Свойства':
            return catalog.applyProperties(node);
          case 'Товар':
            if (!partial && !unlisted) {
              await catalog.unlistAll();
              unlisted = true;
            }
            if (!partial) kind = 'Каталог (полный)';
            return catalog.applyProduct(node);
          case 'ТипыЦен':
            return offers.applyPriceTypes(node);
          case 'Предложение':
            if (!offersStarted) {
              offersStarted = true;
              await catalog.flush();
              // A full catalogue sent in parts is complete once its offers begin: what it lacked is hidden now.
              const fullCatalog = earlier.some((item) => item.kind === 'Каталог (полный)');
              const offersBefore = earlier.some((item) => item.kind === 'Предложения');
              if (fullCatalog && !offersBefore) await catalog.hideUnlisted();
            }
            return offers.applyOffer(node);
        }
        void at;
      },
    });
    await catalog.flush();
    await offers.flush();
    if (kind === 'Каталог (полный)' && !isSplit) await catalog.hideUnlisted();
    return catalog.counts;
  });
  if (Object.keys(properties).length !== propertiesBefore)
    await writeFile(propertiesFile, JSON.stringify(properties));
  deps.content.invalidate();
  for (const productId of outcome.restocked) await tellWaitlist(deps, productId);
  return {
    filename,
    kind,
    created: outcome.created,
    updated: outcome.updated,
    hidden: outcome.hidden,
    restocked: outcome.restocked.length,
    ms: Date.now() - started,
  };
}
