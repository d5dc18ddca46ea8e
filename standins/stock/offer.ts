import { createHash } from 'node:crypto';
import { extentOf, outlineOf, type Outline } from '@voltaris/catalogue/package-outlines';
import { PRODUCT_TYPES } from '@voltaris/catalogue/taxonomy';

/**
 * What the stock service sells a part as (decision 0173): its packaging from the package (SMD
 * bodies on tape and reel, leaded power parts in tubes, the rest loose in a box) with the parts per
 * reel, tube or box, and its book price from the family, the package's size and the rating. Prices
 * are deterministic, in US dollars, and quoted in the currency asked at fixed rates.
 */

export interface OfferedPart {
  partNumber: string;
  /** The product type (leveltwocategory, English). */
  productType?: string;
  /** The package name (the catalogue's `package`, a key of the package outlines). */
  package?: string;
  /** The part's primary rating (the value its part number encodes). */
  rating?: number;
}

export function seeded(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** REQ-FORM-3 quantity steps: reels in fives, tubes in twos, loose parts singly (decision 0029). */
const ORDER_MULTIPLE = { 'tape-and-reel': 5, tube: 2, bulk: 1 } as const;
export type Packaging = keyof typeof ORDER_MULTIPLE;

const TAPED = new Set<Outline['style']>(['chip', 'molded-smd', 'tab-smd']);
const TUBED = new Set<Outline['style']>(['transistor', 'dip']);

const volumeOf = (outline: Outline) => {
  const [x, y, z] = extentOf(outline);
  return outline.shape === 'box' ? x * y * z : (Math.PI / 4) * outline.diameter ** 2 * outline.length;
};

/** Parts per reel by body area (as EIA-481 reels of 7" and 13" hold them), per tube or box by volume. */
function packageQuantityOf(packaging: Packaging, outline: Outline | undefined): number {
  if (!outline) return 100;
  const [x, y] = extentOf(outline);
  const area = x * y;
  const volume = volumeOf(outline);
  if (packaging === 'tape-and-reel') return area < 1 ? 10_000 : area < 2 ? 5_000 : area < 6 ? 4_000 : area < 16 ? 3_000 : area < 45 ? 2_500 : area < 100 ? 800 : 500;
  if (packaging === 'tube') return volume < 1000 ? 50 : volume < 2000 ? 30 : 25;
  return volume < 100 ? 1_000 : volume < 2_500 ? 500 : volume < 20_000 ? 100 : volume < 200_000 ? 10 : 1;
}

export function packagingOf(part: OfferedPart): { packaging: Packaging; orderMultiple: number; packageQuantity: number; minimumOrderQuantity: number } {
  const outline = part.package ? outlineOf(part.package) : undefined;
  // The SMD packages of a DIP-like style (SOP-4) are taped; DIP and SIP go in tubes.
  const style = outline?.style;
  const packaging: Packaging = style && (TAPED.has(style) || (style === 'dip' && part.package?.startsWith('SOP'))) ? 'tape-and-reel' : style && TUBED.has(style) ? 'tube' : outline ? 'bulk' : (['tape-and-reel', 'tube', 'bulk'] as const)[seeded(part.partNumber) % 3]!;
  const orderMultiple = ORDER_MULTIPLE[packaging];
  return { packaging, orderMultiple, packageQuantity: packageQuantityOf(packaging, outline), minimumOrderQuantity: orderMultiple };
}

/** US dollars for one part bought singly, of a body of 34 mm³ (an SMB diode) at the family's lowest rating. */
const FAMILY_BASE: Record<string, number> = {
  fuses: 0.35,
  ptc: 0.25,
  tvs: 0.4,
  varistors: 0.3,
  gdt: 0.9,
  'reed-switches': 0.8,
  'reed-sensors': 4,
  'temperature-sensors': 1.5,
  thyristors: 1,
  mosfets: 1.2,
  igbts: 3,
  relays: 6,
};
/** Bodies that cost more than their size says: power modules and NH knife fuses. */
const STYLE_FACTOR: Partial<Record<Outline['style'], number>> = { module: 5, knife: 8 };

export const CURRENCIES = { USD: 1, EUR: 0.92, JPY: 150, CNY: 7.2 } as const;
export type Currency = keyof typeof CURRENCIES;
export const isCurrency = (value: string): value is Currency => Object.hasOwn(CURRENCIES, value);

/** Quantities a price steps down at, with the share of the single-part price; the last is a full reel, tube set or box. */
const BREAKS = [
  [1, 1],
  [10, 0.72],
  [100, 0.48],
  [1000, 0.3],
] as const;
const FULL_PACKAGE_FACTOR = 0.24;

export interface PriceBreak {
  quantity: number;
  unitPrice: number;
}

/** The book price of one part singly, in US dollars. */
export function singlePriceOf(part: OfferedPart): number {
  const type = PRODUCT_TYPES.find((candidate) => candidate.l2.en === part.productType);
  const outline = part.package ? outlineOf(part.package) : undefined;
  const base = FAMILY_BASE[type?.key ?? ''] ?? 0.5;
  const size = outline ? (volumeOf(outline) / 34) ** 0.2 * (STYLE_FACTOR[outline.style] ?? 1) : 1;
  // A higher rating of the family costs more: up to +60 % across the family's range (log scale).
  const primary = type?.parameters.find((parameter) => parameter.field === type.primary);
  const position = primary && part.rating && part.rating > 0 && primary.min > 0 ? Math.min(1, Math.max(0, Math.log(part.rating / primary.min) / Math.log(primary.max / primary.min))) : 0.5;
  const spread = 0.9 + (seeded(`${part.partNumber}|price`) % 21) / 100;
  return base * size * (1 + 0.6 * position) * spread;
}

/**
 * A part's price breaks as a distributor sells it: falling with the quantity, each quantity a whole
 * order multiple, the last a full package. An account's list is the book price less its agreed
 * discount (0 to 12 %, from the account id), so two accounts see different prices.
 */
export function priceBreaksOf(part: OfferedPart, priceList: string, currency: Currency): PriceBreak[] {
  const { orderMultiple, packageQuantity } = packagingOf(part);
  const discount = priceList === 'book' ? 0 : (seeded(`${priceList}|discount`) % 13) / 100;
  const single = singlePriceOf(part) * (1 - discount) * CURRENCIES[currency];
  const steps: Array<readonly [number, number]> = [...BREAKS.filter(([quantity]) => quantity < packageQuantity), [packageQuantity, FULL_PACKAGE_FACTOR]];
  const seen = new Set<number>();
  return steps.flatMap(([quantity, factor]) => {
    const onStep = Math.ceil(quantity / orderMultiple) * orderMultiple;
    if (seen.has(onStep)) return [];
    seen.add(onStep);
    return [{ quantity: onStep, unitPrice: Math.round(single * factor * 10_000) / 10_000 }];
  });
}
