// 1C's Свойства (Классификатор/Свойства, the values on each good in ЗначенияСвойств), ЗначенияРеквизитов and
// Штрихкод, mapped onto the shop's product (decision 027):
// - properties whose name is one of the shop's facts fill that column (country, brand, Latin name, plant part,
//   extraction method — 1C owns these: a value from 1C replaces the shop's; composition, usage and safety are texts
//   the site owns and only fill empty ones, like the description);
// - every property and requisite is kept by name in products.external_data, replaced with each import;
// - Штрихкод that is a GTIN (8, 12, 13 or 14 digits, what the back office accepts) is the product's gtin.
import { productUpdateSchema } from '@efir/domain/product-admin-schemas';
import type { ExternalData } from '../catalog/catalog.table.ts';
import { child, children, textOf, type XmlNode } from './exchange-xml.ts';

/** A property of the classifier: its name and, for a dictionary (Справочник), the names of its values by Ид. */
export interface PropertyDefinition {
  name: string;
  values: Record<string, string>;
}
export type PropertyDictionary = Record<string, PropertyDefinition>;

/** Short facts 1C owns once it sends them. */
const FACTS = [
  { column: 'country', names: /^страна( происхождения| производства| производитель)?$/i },
  { column: 'brand', names: /^(производитель|бренд|торговая марка|марка)$/i },
  { column: 'latinName', names: /^латинское (название|наименование)$/i },
  { column: 'plantPart', names: /^(часть растения|сырь[её])$/i },
  { column: 'extractionMethod', names: /^(способ|метод) (получения|экстракции|производства)$/i },
] as const;
/** Texts the site owns: 1C only fills them while empty. */
const TEXTS = [
  { column: 'composition', names: /^состав$/i },
  { column: 'usage', names: /^(применение|способ применения)$/i },
  { column: 'safety', names: /^(меры предосторожности|противопоказания|предостережения)$/i },
] as const;

export type FactColumn = (typeof FACTS)[number]['column'];
export type TextColumn = (typeof TEXTS)[number]['column'];

const LIMITS: Record<FactColumn | TextColumn, number> = {
  country: 100,
  brand: 100,
  latinName: 200,
  plantPart: 100,
  extractionMethod: 100,
  composition: 2000,
  usage: 20_000,
  safety: 20_000,
};

/** Классификатор/Свойства (Свойство in 2.05+, СвойствоНоменклатуры in older schemas) into the dictionary. */
export function readPropertyDefinitions(node: XmlNode, into: PropertyDictionary): void {
  for (const property of [...children(node, 'Свойство'), ...children(node, 'СвойствоНоменклатуры')]) {
    const id = textOf(property, 'Ид');
    if (!id) continue;
    const values: Record<string, string> = {};
    for (const item of children(child(property, 'ВариантыЗначений'), 'Справочник')) {
      const valueId = textOf(item, 'ИдЗначения');
      if (valueId) values[valueId] = textOf(item, 'Значение').slice(0, 500);
    }
    into[id] = { name: (textOf(property, 'Наименование') || id).slice(0, 200), values };
  }
}

export interface GoodFacts {
  facts: Partial<Record<FactColumn, string>>;
  texts: Partial<Record<TextColumn, string>>;
  gtin: string | null;
  externalData: ExternalData;
}

/** The properties, requisites and barcode of one Товар. */
export function readGoodFacts(good: XmlNode, dictionary: PropertyDictionary): GoodFacts {
  const properties: Record<string, string> = {};
  for (const item of children(child(good, 'ЗначенияСвойств'), 'ЗначенияСвойства')) {
    const definition = dictionary[textOf(item, 'Ид')];
    const name = definition?.name ?? textOf(item, 'Наименование') ?? '';
    if (!name) continue;
    const value = children(item, 'Значение')
      .map((node) => definition?.values[node.text] ?? node.text)
      .filter(Boolean)
      .join(', ')
      .slice(0, 20_000);
    if (value) properties[name] = value;
  }
  const requisites: Record<string, string> = {};
  for (const item of children(child(good, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита')) {
    const name = textOf(item, 'Наименование').slice(0, 200);
    const value = children(item, 'Значение')
      .map((node) => node.text)
      .join(', ')
      .slice(0, 2000);
    if (name && value) requisites[name] = value;
  }
  const barcode = textOf(good, 'Штрихкод').replace(/\s/g, '');
  // A barcode that is not a GTIN (a shop's own code) is kept with the requisites, not published as a GTIN.
  const gtin = barcode && productUpdateSchema.shape.gtin.safeParse(barcode).success ? barcode : null;
  if (barcode && !gtin) requisites.Штрихкод = barcode.slice(0, 100);

  const facts: GoodFacts['facts'] = {};
  const texts: GoodFacts['texts'] = {};
  for (const [name, value] of Object.entries(properties)) {
    const fact = FACTS.find((item) => item.names.test(name.trim()));
    if (fact) facts[fact.column] = value.slice(0, LIMITS[fact.column]);
    const text = TEXTS.find((item) => item.names.test(name.trim()));
    if (text) texts[text.column] = value.slice(0, LIMITS[text.column]);
  }
  const externalData: ExternalData = {};
  if (Object.keys(properties).length > 0) externalData.Свойства = properties;
  if (Object.keys(requisites).length > 0) externalData.Реквизиты = requisites;
  return { facts, texts, gtin, externalData };
}
