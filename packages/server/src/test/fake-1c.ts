// A fake 1C «Обмен с сайтом» for the tests: it speaks the protocol over real HTTP (inject) and builds CommerceML 2
// packages the way 1C writes them (schema 2.05 and 2.10, full and partial, split files, characteristics, warehouses).
import { crc32, deflateRawSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export interface Good {
  id: string;
  name: string;
  sku?: string;
  barcode?: string;
  group?: string;
  description?: string;
  pictures?: string[];
  deleted?: boolean;
  /** ЗначенияСвойств: property Ид → value (or the Ид of a dictionary value). */
  properties?: Record<string, string>;
  /** ЗначенияРеквизитов beside ВидНоменклатуры. */
  requisites?: Record<string, string>;
}

/** Классификатор/Свойства: a string property, or a dictionary (Справочник) with its values by Ид. */
export interface Property {
  id: string;
  name: string;
  values?: Record<string, string>;
}

export interface Group {
  id: string;
  name: string;
  children?: Group[];
}

export interface Offer {
  id: string;
  name?: string;
  /** By price type Ид. */
  prices?: Record<string, number>;
  /** Количество (2.05 style) … */
  quantity?: number;
  /** … or the stock on each warehouse (Склад Ид → count). */
  warehouses?: Record<string, number>;
  characteristic?: { name: string; value: string };
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The CommerceML 2 versions 1C's «Обмен с сайтом» sends; before 2.08 a package flags its kind and stock as 2.05 does. */
export type SchemaVersion = '2.03' | '2.04' | '2.05' | '2.08' | '2.10';
const olderLayout = (version: SchemaVersion) => version < '2.08';

function header(version: string, encoding: string) {
  return `<?xml version="1.0" encoding="${encoding}"?>\n<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="${version}" ДатаФормирования="2026-11-27T10:00:00">`;
}

function groupsXml(groups: Group[]): string {
  return `<Группы>${groups
    .map(
      (group) =>
        `<Группа><Ид>${group.id}</Ид><Наименование>${escapeXml(group.name)}</Наименование>${group.children ? groupsXml(group.children) : ''}</Группа>`,
    )
    .join('')}</Группы>`;
}

export function importXml(options: {
  version: SchemaVersion;
  encoding?: 'UTF-8' | 'windows-1251';
  partial: boolean;
  groups?: Group[];
  properties?: Property[];
  goods?: Good[];
}): Buffer {
  const encoding = options.encoding ?? 'UTF-8';
  const goods = (options.goods ?? [])
    .map((good) =>
      [
        good.deleted ? '<Товар Статус="Удален">' : '<Товар>',
        `<Ид>${good.id}</Ид>`,
        good.barcode ? `<Штрихкод>${good.barcode}</Штрихкод>` : '',
        `<Артикул>${escapeXml(good.sku ?? '')}</Артикул>`,
        `<Наименование>${escapeXml(good.name)}</Наименование>`,
        '<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>',
        good.group ? `<Группы><Ид>${good.group}</Ид></Группы>` : '',
        good.description ? `<Описание>${escapeXml(good.description)}</Описание>` : '',
        ...(good.pictures ?? []).map((picture) => `<Картинка>${picture}</Картинка>`),
        good.properties
          ? `<ЗначенияСвойств>${Object.entries(good.properties)
              .map(
                ([id, value]) =>
                  `<ЗначенияСвойства><Ид>${id}</Ид><Значение>${escapeXml(value)}</Значение></ЗначенияСвойства>`,
              )
              .join('')}</ЗначенияСвойств>`
          : '',
        `<ЗначенияРеквизитов>${Object.entries({ ВидНоменклатуры: 'Товар', ...good.requisites })
          .map(
            ([name, value]) =>
              `<ЗначениеРеквизита><Наименование>${escapeXml(name)}</Наименование><Значение>${escapeXml(value)}</Значение></ЗначениеРеквизита>`,
          )
          .join('')}</ЗначенияРеквизитов>`,
        '</Товар>',
      ].join(''),
    )
    .join('\n');
  const properties = options.properties
    ? `<Свойства>${options.properties
        .map(
          (property) =>
            `<Свойство><Ид>${property.id}</Ид><Наименование>${escapeXml(property.name)}</Наименование>${
              property.values
                ? `<ТипЗначений>Справочник</ТипЗначений><ВариантыЗначений>${Object.entries(property.values)
                    .map(
                      ([id, value]) =>
                        `<Справочник><ИдЗначения>${id}</ИдЗначения><Значение>${escapeXml(value)}</Значение></Справочник>`,
                    )
                    .join('')}</ВариантыЗначений>`
                : '<ТипЗначений>Строка</ТипЗначений>'
            }</Свойство>`,
        )
        .join('')}</Свойства>`
    : '';
  const classifier =
    options.groups || options.properties
      ? `<Классификатор><Ид>cls-1</Ид><Наименование>Классификатор (Основной каталог товаров)</Наименование>${options.groups ? groupsXml(options.groups) : ''}${properties}</Классификатор>`
      : '';
  // 2.05 says СодержитТолькоИзменения as an element, 2.10 as an attribute of Каталог.
  const catalog = options.goods
    ? olderLayout(options.version)
      ? `<Каталог><СодержитТолькоИзменения>${options.partial}</СодержитТолькоИзменения><Ид>cat-1</Ид><ИдКлассификатора>cls-1</ИдКлассификатора><Наименование>Основной каталог товаров</Наименование><Товары>${goods}</Товары></Каталог>`
      : `<Каталог СодержитТолькоИзменения="${options.partial}"><Ид>cat-1</Ид><ИдКлассификатора>cls-1</ИдКлассификатора><Наименование>Основной каталог товаров</Наименование><Товары>${goods}</Товары></Каталог>`
    : '';
  return encode(
    `${header(options.version, encoding)}${classifier}${catalog}</КоммерческаяИнформация>\n`,
    encoding,
  );
}

export const RETAIL = 'pt-retail-0001';
export const OLD = 'pt-old-0002';

export function offersXml(options: {
  version: SchemaVersion;
  encoding?: 'UTF-8' | 'windows-1251';
  partial?: boolean;
  offers: Offer[];
}): Buffer {
  const encoding = options.encoding ?? 'UTF-8';
  const offers = options.offers
    .map((offer) => {
      const prices = offer.prices
        ? `<Цены>${Object.entries(offer.prices)
            .map(
              ([type, price]) =>
                `<Цена><Представление>${price} RUB за шт</Представление><ИдТипаЦены>${type}</ИдТипаЦены><ЦенаЗаЕдиницу>${price}</ЦенаЗаЕдиницу><Валюта>RUB</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена>`,
            )
            .join('')}</Цены>`
        : '';
      const trait = offer.characteristic
        ? `<ХарактеристикиТовара><ХарактеристикаТовара><Наименование>${offer.characteristic.name}</Наименование><Значение>${escapeXml(offer.characteristic.value)}</Значение></ХарактеристикаТовара></ХарактеристикиТовара>`
        : '';
      let stock = offer.quantity === undefined ? '' : `<Количество>${offer.quantity}</Количество>`;
      if (offer.warehouses) {
        stock = olderLayout(options.version)
          ? Object.entries(offer.warehouses)
              .map(([id, count]) => `<Склад ИдСклада="${id}" КоличествоНаСкладе="${count}"/>`)
              .join('')
          : `<Остатки><Остаток>${Object.entries(offer.warehouses)
              .map(([id, count]) => `<Склад><Ид>${id}</Ид><Количество>${count}</Количество></Склад>`)
              .join('')}</Остаток></Остатки>`;
      }
      return `<Предложение><Ид>${offer.id}</Ид><Наименование>${escapeXml(offer.name ?? '')}</Наименование>${trait}${prices}${stock}</Предложение>`;
    })
    .join('\n');
  const partial = options.partial ?? false;
  const types = `<ТипыЦен><ТипЦены><Ид>${RETAIL}</Ид><Наименование>Розничная</Наименование><Валюта>RUB</Валюта></ТипЦены><ТипЦены><Ид>${OLD}</Ид><Наименование>Старая цена</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен>`;
  const open = olderLayout(options.version)
    ? `<ПакетПредложений><СодержитТолькоИзменения>${partial}</СодержитТолькоИзменения>`
    : `<ПакетПредложений СодержитТолькоИзменения="${partial}">`;
  return encode(
    `${header(options.version, encoding)}${open}<Ид>cat-1#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>cat-1</ИдКаталога><ИдКлассификатора>cls-1</ИдКлассификатора>${types}<Предложения>${offers}</Предложения></ПакетПредложений></КоммерческаяИнформация>\n`,
    encoding,
  );
}

/** Windows-1251 by hand (Node has no encoder for it): Cyrillic А–я, Ё/ё and ASCII are all the packages use. */
function encode(text: string, encoding: string): Buffer {
  if (encoding === 'UTF-8') return Buffer.from(text, 'utf8');
  const bytes = [...text].map((letter) => {
    const code = letter.codePointAt(0)!;
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    if (code === 0x401) return 0xa8;
    if (code === 0x451) return 0xb8;
    if (code === 0x2116) return 0xb9;
    throw new Error(`no Windows-1251 byte for ${letter}`);
  });
  return Buffer.from(bytes);
}

export interface FakeOneC {
  cookie: string;
  call(query: string, body?: Buffer): Promise<{ status: number; body: string }>;
  /** mode=file in chunks of `chunk` bytes, then mode=import for XML files; the last answer. */
  upload(filename: string, content: Buffer, chunk?: number): Promise<string>;
  importFile(filename: string): Promise<string>;
  /** How many «progress» answers the site gave so far. */
  progressAnswers: number;
}

export async function connect1C(
  app: FastifyInstance,
  options: { type: 'catalog' | 'sale'; login: string; password: string; path?: string },
): Promise<{ answer: string; client: FakeOneC | null }> {
  const path = options.path ?? '/1c_exchange';
  const auth = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString('base64')}`;
  const checkauth = await app.inject({
    method: 'GET',
    url: `${path}?type=${options.type}&mode=checkauth`,
    headers: { authorization: auth },
  });
  const [status, name, value] = checkauth.body.split('\n');
  if (status !== 'success') return { answer: checkauth.body, client: null };
  const cookie = `${name}=${value}`;
  const call = async (query: string, body?: Buffer) => {
    const response = await app.inject({
      method: body ? 'POST' : 'GET',
      url: `${path}?type=${options.type}&${query}`,
      headers: { cookie, ...(body ? { 'content-type': 'application/octet-stream' } : {}) },
      ...(body ? { payload: body } : {}),
    });
    return { status: response.statusCode, body: response.body };
  };
  const client: FakeOneC = {
    cookie,
    call,
    async upload(filename, content, chunk = 64 * 1024) {
      let last = 'success\n';
      for (let start = 0; start < content.length; start += chunk) {
        const answer = await call(
          `mode=file&filename=${encodeURIComponent(filename)}`,
          content.subarray(start, start + chunk),
        );
        if (!answer.body.startsWith('success')) return answer.body;
        last = answer.body;
      }
      // For orders 1C sends no mode=import: the site applies the file as it comes.
      return filename.endsWith('.xml') && options.type === 'catalog' ? client.importFile(filename) : last;
    },
    async importFile(filename) {
      // «progress» means the site is still at it: 1C calls again with the same file until success or failure.
      for (;;) {
        const answer = (await call(`mode=import&filename=${encodeURIComponent(filename)}`)).body;
        if (!answer.startsWith('progress')) return answer;
        client.progressAnswers++;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    progressAnswers: 0,
  };
  return { answer: checkauth.body, client };
}

/** 1C's orders file back to the site: each document with its «Статус заказа», payment date or cancellation. */
export function ordersXml(
  documents: Array<{ id: number; number: string; status?: string; paidOn?: string; cancelled?: boolean }>,
): Buffer {
  const body = documents
    .map((document) => {
      const requisites = [
        document.status ? ['Статус заказа', document.status] : null,
        document.paidOn ? ['Дата оплаты по 1С', document.paidOn] : null,
        document.cancelled ? ['Отменен', 'true'] : null,
        ['Проведен', 'true'],
      ]
        .filter((item): item is string[] => item !== null)
        .map(
          ([name, value]) =>
            `<ЗначениеРеквизита><Наименование>${name}</Наименование><Значение>${value}</Значение></ЗначениеРеквизита>`,
        )
        .join('');
      return `<Документ><Ид>${document.id}</Ид><Номер>${document.number}</Номер><Дата>2026-11-27</Дата><ХозОперация>Заказ товара</ХозОперация><Роль>Продавец</Роль><Валюта>RUB</Валюта><Курс>1</Курс><Сумма>1000</Сумма><ЗначенияРеквизитов>${requisites}</ЗначенияРеквизитов></Документ>`;
    })
    .join('\n');
  return Buffer.from(`${header('2.08', 'UTF-8')}${body}</КоммерческаяИнформация>\n`);
}

export interface ZipEntry {
  name: string;
  content: Buffer;
  /** A symbolic link (Unix mode 120777) instead of a file. */
  symlink?: boolean;
  /** The uncompressed size written in the headers, when it should lie (a zip bomb). */
  declaredSize?: number;
  /** The CRC-32 written in the headers, when it should not match the data (a damaged archive). */
  declaredCrc?: number;
}

/**
 * A zip the way 1C packs its exchange (deflated entries, UTF-8 names), written by hand so that the tests can also
 * build the hostile ones no zip library would: names leaving the folder, symlinks, sizes that lie.
 */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = deflateRawSync(entry.content);
    const crc = entry.declaredCrc ?? crc32(entry.content);
    const size = entry.declaredSize ?? entry.content.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.symlink ? 0o120777 : 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
