/** The inventory group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { addressSchema } from '../../shared/domain/address';
import { alertSettingsInputSchema, alertSettingsSchema } from '../../shared/inventory/alert-settings';
import { defineDocs } from '../../shared/openapi/docs';
import { stockSummarySchema } from '../../shared/warehouses/stock-summary';
import { rulePeriodInputSchema, rulePeriodSchema } from './rule-periods/schemas';
import { inventoryCatalogue } from './routes';
import { stockRuleInputSchema, stockRuleSchema } from './stock-rules/schemas';
import { warehouseInputSchema, warehouseViewSchema } from './warehouses/schemas';

// The same warehouses and stock rule as the inventory-alerts examples.
const leedsWarehouse = '01JD2K8M3N4P5Q6R7S8T9V0W1X';
const bristolWarehouse = '01JD2K8M3N4P5Q6R7S8T9V0W2Y';
const mugRule = '01JD4S1T2V3W4X5Y6Z7A8B9C0D';
const everywhereRule = '01JD4S1T2V3W4X5Y6Z7A8B9C1E';
const christmasPeriod = '01JD4P1Q2R3S4T5V6W7X8Y9Z0A';
const blackFridayPeriod = '01JD4P1Q2R3S4T5V6W7X8Y9Z1B';

const leedsAddress = {
  company: 'Hearth & Co',
  line1: 'Unit 4, Aire Valley Park',
  line2: 'Kirkstall Road',
  city: 'Leeds',
  region: 'West Yorkshire',
  postalCode: 'LS4 2AZ',
  country: 'GB',
  phone: '+44 113 496 0000',
};

const leeds = {
  id: leedsWarehouse,
  code: 'LDS',
  name: 'Leeds fulfilment centre',
  originAddress: leedsAddress,
  returnAddress: { ...leedsAddress, name: 'Returns department' },
  capacity: 50000,
  active: true,
  acceptsWorkOrders: true,
  acceptsPurchaseOrders: true,
  isDefault: true,
  version: 4,
  createdAt: '2026-10-01T08:00:00.000Z',
  updatedAt: '2026-11-15T12:10:00.000Z',
  stockSummary: { skusHeld: 412, unitsOnHand: 18240, skusBackordered: 2, capacityUsed: 0.3648 },
};

const bristolAddress = {
  line1: '9 Avonmouth Way',
  city: 'Bristol',
  postalCode: 'BS11 9YA',
  country: 'GB',
};

const bristol = {
  id: bristolWarehouse,
  code: 'BRS',
  name: 'Bristol overflow',
  originAddress: bristolAddress,
  active: true,
  acceptsWorkOrders: false,
  acceptsPurchaseOrders: true,
  isDefault: false,
  version: 1,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  stockSummary: { skusHeld: 0, unitsOnHand: 0, skusBackordered: 0, capacityUsed: null },
};

const mugRuleStored = {
  id: mugRule,
  skuPattern: 'MUG-*',
  warehouseId: leedsWarehouse,
  minLevel: 40,
  maxLevel: 200,
  enabled: true,
  version: 2,
  createdAt: '2026-10-05T10:00:00.000Z',
  updatedAt: '2026-11-02T16:30:00.000Z',
};

const christmasStored = {
  id: christmasPeriod,
  ruleId: mugRule,
  name: 'Christmas',
  from: '2026-12-01',
  to: '2026-12-24',
  minLevel: 120,
  maxLevel: 500,
  version: 1,
  createdAt: '2026-11-10T09:30:00.000Z',
  updatedAt: '2026-11-10T09:30:00.000Z',
};

const settingsStored = {
  enabled: true,
  lookBackDays: 30,
  defaultLeadTimeDays: 7,
  defaultSafetyDays: 3,
  recipients: ['buyer@example.com'],
  version: 3,
  updatedAt: '2026-11-18T08:00:00.000Z',
};

export const inventoryDocs = defineDocs(inventoryCatalogue, {
  components: {
    Warehouse: {
      schema: warehouseViewSchema,
      description:
        'A place that holds stock, with its addresses, capacity and what it accepts, and a summary of what it holds now. There is always one default warehouse while any exist, and it is active.',
    },
    WarehouseInput: {
      schema: warehouseInputSchema,
      description: 'A warehouse as a client creates or replaces it; omitted flags take their defaults.',
    },
    Address: {
      schema: addressSchema,
      description:
        'A postal address: ISO 3166-1 alpha-2 country, at least one street line and a city; a postal code where the country needs one (US, CA, GB, DE, FR, IT, ES, NL, PL, AU, checked against its shape).',
    },
    StockSummary: {
      schema: stockSummarySchema,
      description:
        'What a warehouse holds, from the counters the stock ledger moves in the transaction of every stock write.',
    },
    StockRule: {
      schema: stockRuleSchema,
      description:
        'Minimum and maximum stock levels for a SKU or SKU prefix, in one warehouse or every warehouse. The alert suggestions never reorder past the maximum; rule periods override both for a date range.',
    },
    StockRuleInput: {
      schema: stockRuleInputSchema,
      description: 'A stock rule as a client creates or replaces it.',
    },
    RulePeriod: {
      schema: rulePeriodSchema,
      description:
        'A date range (a holiday season) during which other levels replace a stock rule’s. Periods of one rule never overlap.',
    },
    RulePeriodInput: {
      schema: rulePeriodInputSchema,
      description: 'A rule period as a client creates or replaces it.',
    },
    AlertSettings: {
      schema: alertSettingsSchema,
      description:
        'The one stock-alert settings object: whether alerts run, the sales look-back, default lead time and safety days, and who is told. Until first written it answers its defaults at version 0.',
    },
    AlertSettingsInput: {
      schema: alertSettingsInputSchema,
      description: 'The alert settings as a client replaces them; omitted fields take their defaults.',
    },
  },
  fields: {
    id: 'The resource’s id, a ULID the server assigns at creation.',
    createdAt: 'When the resource was created (UTC instant, set by the server).',
    updatedAt: 'When the resource last changed (UTC instant, set by the server).',
    'AlertSettings.updatedAt':
      'When the settings were last written (UTC instant); null until the first write.',
    version: 'Increases by one with every change; the ETag is this number in quotes, for If-Match.',
    'AlertSettings.version':
      'Increases by one with every change (0 until the first write); the ETag, for If-Match.',
    code: 'The warehouse’s short code, 1 to 32 letters, digits, `_ . -`, unique case-insensitively (409 when taken).',
    name: 'Its name as people read it: 1 to 200 characters, NFC-normalised and trimmed.',
    'Address.name': 'The person at the address.',
    originAddress: 'Where parcels ship from: carriers rate shipments from it.',
    returnAddress: 'Printed on shipping labels as the return address.',
    company: 'The company at the address.',
    line1: 'First street line (required).',
    line2: 'Second street line.',
    city: 'Town or city (required).',
    region: 'State, county or province, up to 100 characters.',
    postalCode:
      'Postal code, 2 to 12 letters, digits, spaces or hyphens; required and shape-checked for US, CA, GB, DE, FR, IT, ES, NL, PL and AU.',
    country: 'ISO 3166-1 alpha-2 country code (`GB`); only assigned codes (`UK`, `EU`, `ZZ` are refused).',
    phone: 'Phone number, 5 to 32 digits, spaces and `+ ( ) . -`.',
    email: 'E-mail address.',
    capacity: 'Units the warehouse can hold (1 to 10^9); absent when unbounded. Used for `capacityUsed`.',
    active:
      'Whether the warehouse is in service (default true): work orders and returns refuse an inactive one, and it cannot succeed a deleted default. The default warehouse is always active.',
    'listWarehouses.active': 'Only active (`true`) or inactive (`false`) warehouses.',
    acceptsWorkOrders: 'Whether work orders may receive or issue stock here (default true).',
    'listWarehouses.acceptsWorkOrders':
      'Only warehouses that do (`true`) or do not (`false`) accept work orders.',
    acceptsPurchaseOrders: 'Whether purchase-order sources may receive into it (default true).',
    'listWarehouses.acceptsPurchaseOrders':
      'Only warehouses that do (`true`) or do not (`false`) accept purchase orders.',
    isDefault:
      'Whether this is the default warehouse (the first one created is). On a write, `true` makes it the default (the previous one stops being it; it must be active) and absent keeps the current state; `false` on the default is a 409.',
    stockSummary: 'What the warehouse holds now.',
    skusHeld: 'SKUs with units on hand here.',
    unitsOnHand: 'Units on hand here, all SKUs together.',
    skusBackordered:
      'SKUs that orders allocated beyond what is on hand: their available is 0, the excess backordered.',
    capacityUsed: '`unitsOnHand` ÷ `capacity` (1 is full, above 1 over capacity); null without a capacity.',
    newDefaultId:
      'Deleting the default warehouse while others exist: the active warehouse that becomes the default (400 when absent, the same, unknown or inactive; 400 when the deleted one is not the default).',
    skuPattern:
      'An exact SKU or a prefix followed by `*` (`MUG-*`; `*` alone is every SKU). Case-sensitive. One rule per pattern and warehouse (409 otherwise).',
    warehouseId: 'The warehouse the rule applies in (a ULID; unknown: 400). Absent: every warehouse.',
    'listStockRules.warehouseId': 'Only rules naming this warehouse (rules for every warehouse name none).',
    sku: 'Only rules whose pattern matches this SKU (1 to 64 letters, digits, `_ . - /`).',
    minLevel: 'Minimum stock level in units (0 to 10^9).',
    maxLevel:
      'Maximum stock level in units (0 to 10^9, at least `minLevel`): reorder suggestions never take available stock past it.',
    'RulePeriod.minLevel': 'Minimum level in units that replaces the rule’s during the period (0 to 10^9).',
    'RulePeriod.maxLevel':
      'Maximum level in units that replaces the rule’s during the period (at least `minLevel`).',
    'RulePeriodInput.minLevel':
      'Minimum level in units that replaces the rule’s during the period (0 to 10^9).',
    'RulePeriodInput.maxLevel':
      'Maximum level in units that replaces the rule’s during the period (at least `minLevel`).',
    enabled: 'Whether the rule applies (default true).',
    'listStockRules.enabled': 'Only enabled (`true`) or disabled (`false`) rules.',
    'AlertSettings.enabled':
      'Whether stock alerts are evaluated and published at all (default false: off until a manager turns them on).',
    'AlertSettingsInput.enabled':
      'Whether stock alerts are evaluated and published at all (default false: off until a manager turns them on).',
    ruleId: 'The stock rule the period overrides (a ULID; unknown: 400). A period stays with its rule.',
    'listRulePeriods.ruleId': 'Only the periods of this stock rule.',
    from: 'First day of the period (YYYY-MM-DD, included).',
    to: 'Last day of the period (YYYY-MM-DD, included; on or after `from`).',
    activeOn: 'Only periods whose dates include this day (YYYY-MM-DD).',
    lookBackDays: 'Days of sales the velocity is measured over, 1 to 365 (default 30). Today is left out.',
    defaultLeadTimeDays:
      'Lead time in days (0 to 365, default 7) for SKUs whose purchase-order source, vendor and alert rule name none.',
    defaultSafetyDays: 'Safety days (0 to 365, default 3) for alert rules that name none.',
    recipients:
      'E-mail addresses told of every stock alert (at most 50, each once whatever its case); each alert rule may add its own.',
  },
  operations: {
    listWarehouses: {
      description:
        'Lists warehouses in code order, each with a summary of the stock it holds, filtered by `active`, `acceptsWorkOrders` and `acceptsPurchaseOrders`.',
      example: {
        query: { active: 'true' },
        response: { items: [bristol, leeds], nextCursor: null },
      },
    },
    createWarehouse: {
      description:
        'Creates a warehouse (`201` with `Location` and `ETag`). Codes are unique case-insensitively (409 when taken). The first warehouse becomes the default, and the default is always active: creating the first one inactive is a 409, and `isDefault: true` with `active: false` is a 400. `isDefault: true` on a later one moves the default to it. Needs the manager role.',
      example: {
        body: {
          code: 'BRS',
          name: 'Bristol overflow',
          originAddress: bristolAddress,
          acceptsWorkOrders: false,
        },
        response: bristol,
      },
    },
    getWarehouse: {
      description:
        'Reads a warehouse (with its `ETag`) and a summary of what it holds: SKUs held, units on hand, SKUs backordered and capacity used. 404 for an unknown id.',
      example: { params: { id: leedsWarehouse }, response: leeds },
    },
    updateWarehouse: {
      description:
        'Replaces a warehouse (omitted flags take their defaults; omitted `isDefault` keeps the current state) and answers it with its new version. `If-Match` is honoured (412 when stale); 404 for an unknown id; a code another warehouse has is a 409.\n\n`isDefault: true` makes it the default (the previous default stops being it). The default warehouse is always active: deactivating it, or `isDefault: false` on it, is a 409 (make another one the default first); making an inactive warehouse the default is a 400. Needs the manager role.',
      example: {
        params: { id: bristolWarehouse },
        body: {
          code: 'BRS',
          name: 'Bristol overflow',
          originAddress: bristolAddress,
          capacity: 20000,
          acceptsWorkOrders: false,
        },
        response: {
          ...bristol,
          capacity: 20000,
          version: 2,
          updatedAt: '2026-11-21T10:00:00.000Z',
          stockSummary: { ...bristol.stockSummary, capacityUsed: 0 },
        },
      },
    },
    deleteWarehouse: {
      description:
        'Deletes a warehouse nothing uses (`204`). A warehouse in use is a 409 naming every use and where to list it: units on hand, SKUs whose orders hold allocations there (backorders included), purchase-order sources receiving into it, stock rules and alert rules naming it. The delete is conditioned on the warehouse’s counters, so a use that lands meanwhile makes it fail.\n\nThe default warehouse needs `?newDefaultId=` naming an active successor while others exist (409 without it; 400 when the successor is unknown, inactive or itself). `If-Match` is honoured (412 when stale); 404 for an unknown id. Needs the manager role.',
      example: { params: { id: leedsWarehouse }, query: { newDefaultId: bristolWarehouse } },
    },
    getAlertSettings: {
      description:
        'Reads the stock alert settings with their `ETag`. Until someone writes them they answer their defaults at version 0 (alerts off, 30 look-back days, 7 lead-time days, 3 safety days, no recipients).',
      example: { response: settingsStored },
    },
    updateAlertSettings: {
      description:
        'Replaces the stock alert settings (omitted fields take their defaults) and answers them with their new version. `If-Match` is honoured (412 when stale; `"0"` before the first write). Every alert rule is evaluated again against the new settings. Needs the manager role.',
      example: {
        body: {
          enabled: true,
          lookBackDays: 28,
          defaultLeadTimeDays: 7,
          defaultSafetyDays: 3,
          recipients: ['buyer@example.com', 'ops@example.com'],
        },
        response: {
          ...settingsStored,
          lookBackDays: 28,
          recipients: ['buyer@example.com', 'ops@example.com'],
          version: 4,
          updatedAt: '2026-11-22T09:15:00.000Z',
        },
      },
    },
    listStockRules: {
      description:
        'Lists stock rules in SKU-pattern order, filtered by `warehouseId`, a `sku` their pattern matches, and `enabled`.',
      example: {
        query: { sku: 'MUG-BLUE' },
        response: {
          items: [
            {
              id: everywhereRule,
              skuPattern: '*',
              minLevel: 5,
              maxLevel: 1000,
              enabled: true,
              version: 1,
              createdAt: '2026-10-01T09:00:00.000Z',
              updatedAt: '2026-10-01T09:00:00.000Z',
            },
            mugRuleStored,
          ],
          nextCursor: null,
        },
      },
    },
    createStockRule: {
      description:
        'Creates a stock rule (`201` with `Location` and `ETag`): minimum and maximum levels for a SKU or SKU prefix in one warehouse or every warehouse. One rule per pattern and warehouse: a second is a 409 naming the first (`existingRuleId`). An unknown warehouse is a 400 naming `warehouseId`; `maxLevel` below `minLevel` is a 400. Where several rules match a SKU, the most specific applies.',
      example: {
        body: { skuPattern: 'MUG-*', warehouseId: leedsWarehouse, minLevel: 40, maxLevel: 150 },
        response: { ...mugRuleStored, maxLevel: 150, version: 1, updatedAt: '2026-10-05T10:00:00.000Z' },
      },
    },
    getStockRule: {
      description: 'Reads a stock rule with its `ETag`. 404 for an unknown id.',
      example: { params: { id: mugRule }, response: mugRuleStored },
    },
    updateStockRule: {
      description:
        'Replaces a stock rule and answers it with its new version; its periods stay. `If-Match` is honoured (412 when stale); 404 for an unknown id. A pattern and warehouse another rule has is a 409; an unknown warehouse is a 400.',
      example: {
        params: { id: mugRule },
        body: { skuPattern: 'MUG-*', warehouseId: leedsWarehouse, minLevel: 40, maxLevel: 200 },
        response: mugRuleStored,
      },
    },
    deleteStockRule: {
      description:
        'Deletes a stock rule and all its periods in one transaction (`204`), all or none; a rule with more periods than one transaction holds is a 400 (delete some periods first). `If-Match` is honoured (412 when stale); 404 for an unknown id. Needs the manager role.',
      example: { params: { id: everywhereRule } },
    },
    listRulePeriods: {
      description:
        'Lists rule periods by start date, for one stock rule (`ruleId`) or all, optionally only those whose dates include a day (`activeOn`).',
      example: {
        query: { ruleId: mugRule },
        response: {
          items: [
            {
              id: blackFridayPeriod,
              ruleId: mugRule,
              name: 'Black Friday',
              from: '2026-11-23',
              to: '2026-11-30',
              minLevel: 80,
              maxLevel: 400,
              version: 1,
              createdAt: '2026-11-10T09:20:00.000Z',
              updatedAt: '2026-11-10T09:20:00.000Z',
            },
            christmasStored,
          ],
          nextCursor: null,
        },
      },
    },
    createRulePeriod: {
      description:
        'Overrides a stock rule’s levels for a date range (`201` with `Location` and `ETag`). Periods of one rule never overlap: dates that overlap another period of the rule are a 409 naming it (`overlappingPeriodId`). An unknown rule is a 400 naming `ruleId`; `to` before `from` or `maxLevel` below `minLevel` is a 400.',
      example: {
        body: {
          ruleId: mugRule,
          name: 'Christmas',
          from: '2026-12-01',
          to: '2026-12-24',
          minLevel: 120,
          maxLevel: 500,
        },
        response: christmasStored,
      },
    },
    updateRulePeriod: {
      description:
        'Replaces a rule period and answers it with its new version. A period stays with its rule: another `ruleId` is a 400. Overlapping another period of the rule is a 409. `If-Match` is honoured (412 when stale); 404 for an unknown id.',
      example: {
        params: { id: christmasPeriod },
        body: {
          ruleId: mugRule,
          name: 'Christmas',
          from: '2026-12-01',
          to: '2026-12-27',
          minLevel: 120,
          maxLevel: 500,
        },
        response: { ...christmasStored, to: '2026-12-27', version: 2, updatedAt: '2026-11-21T14:00:00.000Z' },
      },
    },
    deleteRulePeriod: {
      description:
        'Deletes a rule period (`204`); the rule’s own levels apply again on its dates. `If-Match` is honoured (412 when stale); 404 for an unknown id. Needs the manager role.',
      example: { params: { id: blackFridayPeriod } },
    },
  },
});
