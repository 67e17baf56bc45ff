/**
 * Suppliers and purchase-order sources: each SKU is bought from a vendor of its category for the
 * warehouses that stock it, at the vendor's price in the vendor's currency, with case-pack minimums.
 */
import type { PoSource } from '../../../functions/vendors/po-sources/schemas';
import type { Vendor } from '../../../functions/vendors/vendors/schemas';
import { countries, usdRates } from './countries';
import { address } from './customers';
import type { Sku } from './skus';
import type { Category } from './products';
import type { Random } from './random';
import type { SeedWarehouse } from './warehouses';

interface VendorProfile {
  code: string;
  name: string;
  country: string;
  currency: string;
  categories: Category[];
}

const profile = (entry: string): VendorProfile => {
  const [code, name, country, currency, categories] = entry.split('|');
  return {
    code: code!,
    name: name!,
    country: country!,
    currency: currency!,
    categories: categories!.split(',') as Category[],
  };
};

const profiles: VendorProfile[] = [
  'PACTEX|Pacific Textile Co.|US|USD|apparel',
  'CAROCOT|Carolina Organic Cotton|US|USD|apparel',
  'LISBKNIT|Lisboa Knitwear Lda|PT|EUR|apparel,accessories',
  'PORTOLIN|Porto Linen Works|PT|EUR|home,apparel',
  'MERINOCO|Southern Merino Mills|AU|AUD|apparel,accessories',
  'YORKWOOL|Yorkshire Wool Weavers|GB|GBP|home,accessories',
  'ATLSEW|Atlanta Sewn Goods|US|USD|apparel,home',
  'KYOCAP|Kyoto Cap & Hat|US|USD|accessories',
  'BRASSWKS|Brooklyn Brass Works|US|USD|accessories,stationery',
  'LEATHRCO|Tanner Lane Leather|GB|GBP|accessories',
  'CASEMATE|Case Mate Recycled|US|USD|accessories',
  'STEELBOT|Steelhead Bottles|US|USD|accessories',
  'STONEWR|Stoneware Studio Ohio|US|USD|home',
  'PORTCER|Portuguese Ceramics SA|PT|EUR|home',
  'WICKLAB|Wick & Lab Candles|US|USD|home',
  'NORDHOME|Nordic Home Textiles|DK|EUR|home',
  'PRAIRIE|Prairie Homewares|CA|CAD|home',
  'PAPERMIL|Paper Mill Press|US|USD|stationery',
  'LETTRPR|Letterpress Collective|US|USD|stationery',
  'INKWELL|Inkwell Supply|GB|GBP|stationery',
  'TOKYOST|Tokyo Stationery Trading|US|USD|stationery',
  'ATELIER|Atelier Affiches|FR|EUR|stationery',
  'WOODPZL|Woodland Puzzle Co.|US|USD|toys',
  'SOFTPAL|Soft Pal Toys|US|USD|toys',
  'HOLZSPL|Holzspiel GmbH|DE|EUR|toys,home',
  'GLOBSRC|Global Sourcing Partners|US|USD|apparel,home,accessories,stationery,toys',
  'EUROSRC|Euro Sourcing BV|NL|EUR|apparel,home,accessories,stationery,toys',
  'CRAFTWHS|Craft Wholesale Direct|US|USD|stationery,toys',
  'OLDMILL|Old Mill Outfitters|US|USD|apparel',
  'BAYTRADE|Bay Trading Company|US|USD|accessories,home',
].map(profile);

/** A few vendors have stopped supplying: kept for history, no PO sources. */
const inactive = new Set(['OLDMILL', 'BAYTRADE', 'CRAFTWHS']);
const terms = ['Net 30', 'Net 60', '2/10 Net 30', 'Net 45', 'Prepaid'];

export function buildVendors(random: Random, createdAt: number): Vendor[] {
  return profiles.map((entry, index) => {
    const at = new Date(createdAt + index * 3_600_000).toISOString();
    const country = countries.find((candidate) => candidate.code === entry.country);
    const contactName = `${random.pick(['Alex', 'Sam', 'Jordan', 'Robin', 'Kim', 'Chris'])} ${random.pick(['Reyes', 'Okafor', 'Lindqvist', 'Moreau', 'Sato', 'Baker'])}`;
    return {
      id: random.ulid(at),
      code: entry.code,
      name: entry.name,
      contact: {
        name: contactName,
        email: `orders@${entry.code.toLowerCase()}.example.com`,
        phone: `+1 555 ${random.digits(3)} ${random.digits(4)}`,
      },
      // Countries the seed has postal codes for get an address; the others are left without.
      ...(country ? { address: address(country, random, undefined, entry.name) } : {}),
      currency: entry.currency,
      leadTimeDays: entry.country === 'US' ? random.int(5, 21) : random.int(21, 60),
      paymentTerms: random.pick(terms),
      active: !inactive.has(entry.code),
      poSourceCount: 0,
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
  });
}

/** Vendors that can supply a category (active ones only). */
function suppliersOf(vendors: Vendor[], category: Category): Vendor[] {
  return vendors.filter(
    (vendor) =>
      vendor.active && profiles.find((entry) => entry.code === vendor.code)!.categories.includes(category),
  );
}

/**
 * Sources per SKU: the primary vendor for every warehouse that stocks it, a second vendor for some.
 * Also counts each vendor's sources (`poSourceCount`, kept on the vendor item by the service).
 */
export function buildPoSources(
  random: Random,
  skus: Sku[],
  vendors: Vendor[],
  stocked: (sku: Sku, warehouse: SeedWarehouse) => boolean,
  warehouses: SeedWarehouse[],
  createdAt: number,
): PoSource[] {
  const sources: PoSource[] = [];
  for (const sku of skus) {
    const candidates = suppliersOf(vendors, sku.category);
    const primary = random.pick(candidates);
    const secondary =
      candidates.length > 1 && random.chance(0.3)
        ? random.pick(candidates.filter((v) => v !== primary))
        : undefined;
    const moq = random.pick([6, 12, 12, 24, 24, 48]);
    for (const warehouse of warehouses) {
      if (!warehouse.acceptsPurchaseOrders || !stocked(sku, warehouse)) continue;
      for (const vendor of secondary ? [primary, secondary] : [primary]) {
        const at = createdAt + sources.length * 60_000;
        sources.push({
          id: random.ulid(at),
          vendorId: vendor.id,
          sku: sku.sku,
          vendorSku: `${vendor.code.slice(0, 3)}-${random.digits(6)}`,
          unitCost: {
            amount: Math.round(
              sku.unitCost * (usdRates[vendor.currency] ?? 1) * (0.95 + random.next() * 0.1),
            ),
            currency: vendor.currency,
          },
          minimumOrderQuantity: moq,
          ...(random.chance(0.2) ? { leadTimeDays: vendor.leadTimeDays + random.int(3, 14) } : {}),
          warehouseId: warehouse.id,
          createdAt: new Date(at).toISOString(),
        });
        vendor.poSourceCount += 1;
      }
    }
  }
  return sources;
}
