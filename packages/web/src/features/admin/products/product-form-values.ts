// The product form's values: from the product as the server sends it, to what the server takes, and the edit's
// schema (a special price below the regular one when both are sent).
import {
  type AdminProduct,
  productUpdateSchema,
  specialPriceError,
} from '@efir/domain/product-admin-schemas';

/** The form's values: what the inputs hold (numbers as typed). */
export interface FormValues {
  name: string;
  latin_name: string;
  url: string;
  category_id: string;
  family_key: string;
  volume: string;
  cena: string;
  cena_st: string;
  stock: string;
  icons: AdminProduct['icons'];
  visible: boolean;
  description: string;
  composition: string;
  usage: string;
  safety: string;
  country: string;
  plant_part: string;
  extraction_method: string;
  html_title: string;
  meta_description: string;
  sku: string;
  gtin: string;
  weight_g: string;
  length_mm: string;
  width_mm: string;
  height_mm: string;
}

export const FIELDS = [
  'name',
  'latin_name',
  'url',
  'category_id',
  'family_key',
  'volume',
  'cena',
  'cena_st',
  'stock',
  'icons',
  'visible',
  'description',
  'composition',
  'usage',
  'safety',
  'country',
  'plant_part',
  'extraction_method',
  'html_title',
  'meta_description',
  'sku',
  'gtin',
  'weight_g',
  'length_mm',
  'width_mm',
  'height_mm',
] as const satisfies ReadonlyArray<keyof FormValues>;

export const EMPTY: FormValues = {
  name: '',
  latin_name: '',
  url: '',
  category_id: '',
  family_key: '',
  volume: '',
  cena: '',
  cena_st: '0',
  stock: '0',
  icons: [],
  visible: true,
  description: '',
  composition: '',
  usage: '',
  safety: '',
  country: '',
  plant_part: '',
  extraction_method: '',
  html_title: '',
  meta_description: '',
  sku: '',
  gtin: '',
  weight_g: '',
  length_mm: '',
  width_mm: '',
  height_mm: '',
};

/** A measure as typed: '' while unknown. */
const measureText = (value: number | null) => (value === null ? '' : String(value));

export function toFormValues(product: AdminProduct): FormValues {
  return {
    ...product,
    category_id: String(product.category_id),
    cena: String(product.cena),
    cena_st: String(product.cena_st),
    stock: String(product.stock),
    html_title: product.html_title ?? '',
    meta_description: product.meta_description ?? '',
    gtin: product.gtin ?? '',
    weight_g: measureText(product.weight_g),
    length_mm: measureText(product.length_mm),
    width_mm: measureText(product.width_mm),
    height_mm: measureText(product.height_mm),
  };
}

/** An optional measure: empty means unknown (null), anything else a whole number or NaN for the schema's message. */
function toMeasure(text: string): number | null {
  return text.trim() === '' ? null : /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** A typed number, or NaN for the schema to refuse with the field's own message. */
function toNumber(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** The values as the server takes them (numbers, null for an empty optional title). */
export function toPayload(values: FormValues) {
  return {
    ...values,
    category_id: toNumber(values.category_id),
    cena: toNumber(values.cena),
    cena_st: values.cena_st.trim() === '' ? 0 : toNumber(values.cena_st),
    stock: values.stock.trim() === '' ? 0 : toNumber(values.stock),
    html_title: values.html_title.trim() === '' ? null : values.html_title,
    meta_description: values.meta_description.trim() === '' ? null : values.meta_description,
    gtin: values.gtin.trim() === '' ? null : values.gtin.trim(),
    weight_g: toMeasure(values.weight_g),
    length_mm: toMeasure(values.length_mm),
    width_mm: toMeasure(values.width_mm),
    height_mm: toMeasure(values.height_mm),
  };
}

export const updateSchema = productUpdateSchema.superRefine((value, context) => {
  if (value.cena === undefined || value.cena_st === undefined) return;
  const error = specialPriceError(value.cena, value.cena_st);
  if (error) context.addIssue({ code: 'custom', path: ['cena_st'], message: error });
});
