/** The vendors group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { moneySchema } from '../../shared/domain/money';
import { defineDocs } from '../../shared/openapi/docs';
import { mainWarehouse, mainWarehouseId } from '../../shared/openapi/examples';
import { poSourceInputSchema, poSourceSchema } from './po-sources/schemas';
import { vendorsCatalogue } from './routes';
import { vendorInputSchema, vendorSchema } from './vendors/schemas';

/** The contact's shape is not exported on its own: the exact object the vendor schemas hold. */
const contactSchema = vendorInputSchema.def.shape.contact.def.innerType;

const acmeId = '01M6DQS9M0P3TK90CK8Q471M2K';
const borealId = '01M6EFTC6JNBD6DQEKPVH6JZP6';
const sourceId = '01M6FZWHBP4B04MEG465F73B07';
const secondSourceId = '01M6GQXKY89HZ5XV6ME00R477K';

const acmeInput = {
  code: 'ACME',
  name: 'Acme Packaging Ltd',
  contact: { name: 'Priya Natarajan', email: 'orders@acme-packaging.example', phone: '+44 161 496 0000' },
  address: {
    company: 'Acme Packaging Ltd',
    line1: '12 Dock Street',
    city: 'Manchester',
    postalCode: 'M1 2AB',
    country: 'GB',
  },
  currency: 'GBP',
  leadTimeDays: 10,
  paymentTerms: 'Net 30',
  active: true,
};

const acme = {
  ...acmeInput,
  id: acmeId,
  poSourceCount: 2,
  version: 3,
  createdAt: '2026-11-02T09:14:05.120Z',
  updatedAt: '2026-11-20T16:02:41.003Z',
};

const source = {
  id: sourceId,
  vendorId: acmeId,
  sku: 'BOX-S-KRAFT',
  vendorSku: 'ACM-4471',
  unitCost: { amount: 38, currency: 'GBP' },
  minimumOrderQuantity: 500,
  packSize: 50,
  leadTimeDays: 14,
  warehouseId: mainWarehouseId,
  createdAt: '2026-11-03T10:30:00.000Z',
};

export const vendorsDocs = defineDocs(vendorsCatalogue, {
  components: {
    Vendor: {
      schema: vendorSchema,
      description:
        'A supplier the merchant buys stock from: its code and name, contact, address, the currency it invoices in, its usual lead time and payment terms. `poSourceCount` counts the purchase-order sources that name it.',
    },
    VendorInput: {
      schema: vendorInputSchema,
      description:
        'What a client sends to create or replace a vendor: everything of a Vendor except the server-kept fields (id, poSourceCount, version, times).',
    },
    VendorContact: {
      schema: contactSchema,
      description: 'The person to reach at a vendor for purchase orders; every part optional.',
    },
    PoSource: {
      schema: poSourceSchema,
      description:
        'A purchase-order source: vendor V supplies SKU S into warehouse W at this unit cost, minimum order quantity and lead time. The low-stock report suggests reorders from these. One per vendor, SKU and warehouse.',
    },
    Money: {
      schema: moneySchema,
      description:
        'An amount of money: a whole number of minor units (at most 10^12) with its ISO 4217 currency, never a float. Shared by every group that takes money in a request.',
    },
    PoSourceInput: {
      schema: poSourceInputSchema,
      description:
        'What a client sends to create a purchase-order source (a PoSource without id and createdAt).',
    },
  },
  fields: {
    code: 'Short code staff type and see in lists: 1 to 32 letters, digits, `_`, `.` or `-`, starting with a letter or digit. Unique among vendors regardless of case.',
    'listVendors.code': 'Only vendors whose code starts with this text (case-insensitive).',
    'Vendor.name': 'The vendor’s trading name as staff know it, 1 to 200 characters.',
    'VendorInput.name': 'The vendor’s trading name as staff know it, 1 to 200 characters.',
    'VendorContact.name': 'The contact person’s name, up to 200 characters.',
    'listVendors.name':
      'Only vendors whose name starts with this text (compared case- and accent-insensitively).',
    contact: 'The person to reach at the vendor for purchase orders; every part optional.',
    address: 'The vendor’s postal address (an Address); optional.',
    leadTimeDays:
      'Days from placing a purchase order to receiving the goods, 0 to 365. On a vendor it defaults to 7; on a purchase-order source it overrides the vendor’s for that SKU (absent: the vendor’s applies).',
    paymentTerms: 'Payment terms as agreed with the vendor, free text up to 64 characters (e.g. "Net 30").',
    active:
      'Whether the vendor is in use (default true). Inactive vendors stay listed and keep their sources.',
    'listVendors.active': '`true` or `false`: only active or only inactive vendors. Absent: both.',
    poSourceCount: 'How many purchase-order sources name this vendor. Kept by the server.',
    sort: 'Order of the list: `name` (default) or `code`, ascending, case-insensitive.',
    ids: 'The ids to delete: in the query as a comma-separated list (`?ids=a,b`) or in the body as an array, not both. Repeats count once. At most 25 vendors or 50 sources per request.',
    withPoSources:
      'Also delete the purchase-order sources of these vendors (default false: a vendor with sources is not deleted). In the query `true` or `false`.',
    deleted: 'The ids deleted, as named in the request (each once).',
    deletedPoSources:
      'Ids of the purchase-order sources deleted with the vendors (empty unless withPoSources).',
    vendorId: 'The vendor that supplies the SKU (a Vendor id).',
    'listPoSources.vendorId': 'Only the sources of this vendor.',
    vendorSku:
      'The vendor’s own reference for the item, as printed on its catalogue and invoices; up to 64 characters.',
    unitCost:
      'What one unit costs from this vendor, in minor units of the vendor’s currency (a source in another currency is refused: nothing is converted).',
    minimumOrderQuantity:
      'The fewest units the vendor accepts in one order, 1 to 1,000,000 (default 1). A minimum, not a multiple: a reorder suggestion of 41.17 units with a minimum of 12 orders 42.',
    packSize:
      'Units per pack when the vendor sells in packs, 1 to 1,000,000; absent: units one by one. Reorder suggestions are rounded up to whole packs (at least the minimum order), and a stock rule’s maximum cuts them to the most whole packs that fit, or to 0 when not even the smallest allowed order fits.',
    'PoSource.warehouseId':
      'The warehouse that receives this vendor’s deliveries of the SKU; it must accept purchase orders.',
    'PoSourceInput.warehouseId':
      'The warehouse that receives this vendor’s deliveries of the SKU; it must accept purchase orders.',
    'listPoSources.warehouseId': 'Only the sources that deliver into this warehouse.',
    'listPoSources.sku': 'Only the sources of this SKU (exact match).',
    'listPoSourceWarehouses.name': 'The warehouse’s name.',
    'listPoSourceWarehouses.code': 'The warehouse’s short code.',
    'listPoSourceWarehouses.active': 'Always true here: only active warehouses receive purchase orders.',
  },
  operations: {
    listVendors: {
      description:
        'Lists vendors sorted by name (default) or code, case-insensitively. `name` and `code` filter by prefix and `active` by the flag; filters combine. Paginated with `limit` and `cursor`.',
      example: {
        query: { sort: 'name', name: 'ac', active: 'true', limit: '20' },
        response: { items: [acme], nextCursor: null },
      },
    },
    createVendor: {
      description:
        'Creates a vendor with a server-made id and version 1; answers 201 with a `Location` header and its ETag. `leadTimeDays` defaults to 7 and `active` to true.\n\nA code another vendor has (compared case-insensitively) is a **409**. An unknown currency or country is a 400.',
      example: {
        body: acmeInput,
        response: { ...acme, poSourceCount: 0, version: 1, updatedAt: acme.createdAt },
      },
    },
    deleteVendors: {
      description:
        'Deletes the vendors named by `ids`, in the query or in the body (not both), all or none. An unknown id is a **404** naming it and deletes nothing.\n\nA vendor that purchase-order sources still name is a **409** listing those sources (`poSourceIds`), unless `withPoSources=true`, which deletes the sources with it. A delete that would touch more than 100 items at once is a 400 (split it); a vendor or source changing during the delete is a 409, nothing deleted.',
      example: {
        query: { ids: `${acmeId},${borealId}`, withPoSources: 'true' },
        response: { deleted: [acmeId, borealId], deletedPoSources: [sourceId, secondSourceId] },
      },
    },
    getVendor: {
      description: 'Reads one vendor, with its version as the `ETag`. An unknown id is a 404.',
      example: { params: { id: acmeId }, response: acme },
    },
    updateVendor: {
      description:
        'Replaces a vendor with the body (omitted optional fields are removed; `leadTimeDays` and `active` take their defaults). Honours `If-Match` (412 when stale); without it the last writer wins.\n\nA code another vendor has is a **409**. Changing the currency while purchase-order sources are priced in the old one is a **409** naming them (`poSourceIds`): costs are never converted, delete or re-create the sources first.',
      example: {
        params: { id: acmeId },
        body: { ...acmeInput, leadTimeDays: 12, paymentTerms: 'Net 45' },
        response: {
          ...acme,
          leadTimeDays: 12,
          paymentTerms: 'Net 45',
          version: 4,
          updatedAt: '2026-11-24T10:05:12.510Z',
        },
      },
    },
    listPoSources: {
      description:
        'Lists purchase-order sources, filtered by `vendorId`, `sku` or `warehouseId` (any combination). Paginated with `limit` and `cursor`.',
      example: {
        query: { vendorId: acmeId, limit: '50' },
        response: {
          items: [
            source,
            {
              ...source,
              id: secondSourceId,
              sku: 'BOX-M-KRAFT',
              vendorSku: 'ACM-4472',
              unitCost: { amount: 52, currency: 'GBP' },
            },
          ],
          nextCursor: null,
        },
      },
    },
    createPoSource: {
      description:
        'Links a SKU to a vendor for a receiving warehouse; answers 201 with a `Location` to the vendor’s sources.\n\nThe vendor must exist and `unitCost` must be in the vendor’s currency (400 otherwise, nothing is converted); the warehouse must exist and accept purchase orders (400). A second source for the same vendor, SKU and warehouse is a **409**.',
      example: {
        body: {
          vendorId: acmeId,
          sku: 'BOX-S-KRAFT',
          vendorSku: 'ACM-4471',
          unitCost: { amount: 38, currency: 'GBP' },
          minimumOrderQuantity: 500,
          packSize: 50,
          leadTimeDays: 14,
          warehouseId: mainWarehouseId,
        },
        response: source,
      },
    },
    deletePoSources: {
      description:
        'Deletes the purchase-order sources named by `ids`, in the query or the body (not both), all or none. An unknown id is a **404** naming it; a source deleted by someone else meanwhile is a 409, nothing deleted.',
      example: {
        body: { ids: [sourceId, secondSourceId] },
        response: { deleted: [sourceId, secondSourceId] },
      },
    },
    listPoSourceWarehouses: {
      description:
        'Lists the warehouses a purchase-order source may name: those that are active and accept purchase orders. Paginated with `limit` and `cursor`.',
      example: { query: { limit: '50' }, response: { items: [mainWarehouse], nextCursor: null } },
    },
  },
});
