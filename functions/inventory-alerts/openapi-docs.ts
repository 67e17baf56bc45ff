/** The inventory-alerts group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { defineDocs } from '../../shared/openapi/docs';
import { alertConditionSchema, alertScopeSchema } from '../../shared/inventory/alert-rule';
import { factorPeriodSchema, factorScopeSchema } from '../../shared/inventory/seasonal-factor';
import { alertRuleInputSchema, alertRuleSchema, firingAlertSchema } from './alert-rules/schemas';
import {
  ruleListDeleteResult,
  ruleListInputSchema,
  ruleListItemsBody,
  ruleListSchema,
} from './rule-lists/schemas';
import { seasonalFactorInputSchema, seasonalFactorSchema } from './seasonal-factors/schemas';
import { inventoryAlertsCatalogue } from './routes';

// Ids shared by the examples (the same warehouses, vendor and source as the inventory group's).
const leedsWarehouse = '01JD2K8M3N4P5Q6R7S8T9V0W1X';
const mugRule = '01JD3A1B2C3D4E5F6G7H8J9K0M';
const bestsellerRule = '01JD3A1B2C3D4E5F6G7H8J9K1N';
const bestsellerList = '01JD3B4C5D6E7F8G9H0J1K2M3N';
const clearanceList = '01JD3B4C5D6E7F8G9H0J1K2M4P';
const decemberFactor = '01JD3C5D6E7F8G9H0J1K2M3N4P';
const christmasFactor = '01JD3C5D6E7F8G9H0J1K2M3N5Q';
const vendor = '01JD1V2W3X4Y5Z6A7B8C9D0E1F';
const poSource = '01JD1P2Q3R4S5T6V7W8X9Y0Z1A';
const stockRule = '01JD4S1T2V3W4X5Y6Z7A8B9C0D';

const mugRuleStored = {
  id: mugRule,
  name: 'Mugs low in Leeds',
  scope: { skuPatterns: ['MUG-*'], warehouseIds: [leedsWarehouse] },
  condition: { type: 'available_below' as const, quantity: 5 },
  enabled: true,
  recipients: ['buyer@example.com'],
  cooldownHours: 24,
  version: 1,
  createdAt: '2026-11-20T09:15:00.000Z',
  updatedAt: '2026-11-20T09:15:00.000Z',
};

const bestsellerRuleStored = {
  id: bestsellerRule,
  name: 'Bestsellers under cover',
  scope: { ruleListId: bestsellerList },
  condition: { type: 'cover_below' as const, safetyDays: 5 },
  enabled: true,
  recipients: [],
  cooldownHours: 24,
  version: 3,
  createdAt: '2026-11-02T08:00:00.000Z',
  updatedAt: '2026-11-18T14:40:12.000Z',
};

const bestsellerListAnswer = {
  id: bestsellerList,
  name: 'Bestsellers',
  skuCount: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-21T16:05:00.000Z',
  skus: ['MUG-BLUE', 'MUG-RED', 'TSHIRT-M-BLK'],
};

const decemberFactorStored = {
  id: decemberFactor,
  name: 'December',
  multiplier: 1.5,
  applies: { month: 12 },
  scope: {},
  version: 1,
  createdAt: '2026-11-10T11:00:00.000Z',
  updatedAt: '2026-11-10T11:00:00.000Z',
};

const christmasFactorStored = {
  id: christmasFactor,
  name: 'Christmas week, bestsellers',
  multiplier: 2,
  applies: { from: '2026-12-19', to: '2026-12-26' },
  scope: { ruleListId: bestsellerList },
  version: 1,
  createdAt: '2026-11-10T11:05:00.000Z',
  updatedAt: '2026-11-10T11:05:00.000Z',
};

export const inventoryAlertsDocs = defineDocs(inventoryAlertsCatalogue, {
  components: {
    AlertRule: {
      schema: alertRuleSchema,
      description:
        'A rule that says when stock of some SKUs in some warehouses is low: a scope, a condition, and who hears of it. Read one by one, it also carries its rule list with every SKU and where it holds now (`firing`).',
    },
    AlertRuleInput: {
      schema: alertRuleInputSchema,
      description: 'An alert rule as a client creates or replaces it; omitted fields take their defaults.',
    },
    AlertScope: {
      schema: alertScopeSchema,
      description:
        'What an alert rule covers. At least one member is named. A SKU is covered when it matches a pattern or is on the list (either, when both are named; any SKU when neither is), in the named warehouses (every warehouse when none is).',
    },
    AlertCondition: {
      schema: alertConditionSchema,
      description:
        '`available_below`: available units under `quantity`. `cover_below`: days of cover (available ÷ seasonally adjusted daily sales) under lead time plus safety days.',
    },
    FiringAlert: {
      schema: firingAlertSchema,
      description:
        'A SKU an alert rule holds low in a warehouse now, with the reorder suggestion and every number that made it.',
    },
    SeasonalFactor: {
      schema: seasonalFactorSchema,
      description:
        'A multiplier of sales velocity for a month of every year, an ISO week of every year or a range of dates, for every SKU, SKU patterns or a rule list. Factors that apply to one SKU on one day multiply.',
    },
    SeasonalFactorInput: {
      schema: seasonalFactorInputSchema,
      description: 'A seasonal factor as a client creates or replaces it.',
    },
    FactorPeriod: {
      schema: factorPeriodSchema,
      description:
        'When a seasonal factor applies: `{"month": 1–12}` every year, `{"isoWeek": 1–53}` every year, or `{"from", "to"}` dates, both included.',
    },
    FactorScope: {
      schema: factorScopeSchema,
      description:
        'Which SKUs a seasonal factor applies to: SKU patterns, a rule list, or (neither) every SKU.',
    },
    RuleList: {
      schema: ruleListSchema,
      description:
        'A named set of up to 10,000 SKUs that alert rules and seasonal factors target, answered with every SKU in code-point order.',
    },
    RuleListInput: {
      schema: ruleListInputSchema,
      description: 'A new rule list: its name and, optionally, its first SKUs.',
    },
    RuleListItems: {
      schema: ruleListItemsBody,
      description: 'A rule list and SKUs to add to it or remove from it.',
    },
    RuleListDeleteResult: {
      schema: ruleListDeleteResult,
      description:
        'What a delete of rule lists removed: the lists and, with `force`, the alert rules and seasonal factors that targeted them.',
    },
  },
  fields: {
    id: 'The resource’s id, a ULID the server assigns at creation.',
    createdAt: 'When the resource was created (UTC instant, set by the server).',
    updatedAt: 'When the resource last changed (UTC instant, set by the server).',
    name: 'Its name as people read it: 1 to 200 characters, NFC-normalised and trimmed, no control characters.',
    enabled:
      'Whether the rule is evaluated (default true). A disabled rule holds nothing low and publishes nothing.',
    'listAlertRules.enabled': 'Only rules that are (`true`) or are not (`false`) enabled.',
    scope: 'Which SKUs (and, for an alert rule, which warehouses) it covers.',
    skuPatterns:
      'SKU patterns, 1 to 50, each once: an exact SKU or a prefix followed by `*` (`MUG-*`; `*` alone is every SKU). Case-sensitive.',
    ruleListId: 'The id of a rule list whose SKUs are covered. Unknown ids are a 400 naming the field.',
    'listAlertRules.ruleListId': 'Only rules that target this rule list.',
    warehouseIds:
      'Warehouses the rule applies in, 1 to 25, each once; absent: every warehouse. Unknown ids are a 400 naming the entry.',
    condition:
      'When the rule holds: `available_below` a quantity, or `cover_below` lead time plus safety days.',
    type: 'The condition’s kind: `available_below` or `cover_below`.',
    quantity: '`available_below`: the rule holds while available units are under this number (1 to 10^9).',
    leadTimeDays:
      '`cover_below`: lead time in days (0 to 365). Absent: the chosen purchase-order source’s (else its vendor’s), else the alert settings’ default.',
    safetyDays: '`cover_below`: safety days (0 to 365). Absent: the alert settings’ default safety days.',
    recipients:
      'E-mail addresses (at most 50, each once whatever its case) told of this rule’s alerts in addition to the alert settings’ recipients. Default none.',
    cooldownHours:
      'No second `stock.low` for the same SKU and warehouse within this many hours of the last (0 to 720, default 24). A low that begins inside it is announced when it ends, if it still holds.',
    ruleList:
      'The rule list the scope names: its id, name and size; with its SKUs when one rule is read. Absent when the rule names no list.',
    skuCount: 'How many SKUs are on the list.',
    skus: 'SKUs, each 1 to 64 letters, digits, `_ . - /`, case-sensitive; repeats count once.',
    'RuleList.skus': 'Every SKU on the list, in code-point order.',
    'AlertRule.skus': 'Every SKU on the list, in code-point order (only when one rule is read).',
    'createRuleList.skus': 'The list’s first SKUs (0 to 10,000, default none); repeats count once.',
    'addRuleListItems.skus':
      'SKUs to add (1 to 10,000); SKUs already on the list stay once. The list may hold 10,000 SKUs in all.',
    'removeRuleListItems.skus':
      'SKUs to remove: in the body an array of 1 to 10,000, in the query 1 to 200 separated by commas. SKUs not on the list are ignored.',
    firing:
      'Only when one rule is read: where the rule holds now. `count` SKU-and-warehouse pairs are low; `items` shows the first 50.',
    count: 'How many SKU-and-warehouse pairs the rule holds low now.',
    more: 'True when more pairs are low than `items` shows (it shows 50).',
    'getAlertRule.items':
      'The first 50 SKU-and-warehouse pairs the rule holds low, each with its reorder suggestion.',
    sku: 'A SKU (1 to 64 letters, digits, `_ . - /`, case-sensitive).',
    'listAlertRules.sku':
      'Only rules that cover this SKU: by pattern, by a list that holds it, or every SKU.',
    'listSeasonalFactors.sku':
      'Only factors that apply to this SKU: every-SKU factors, matching patterns, lists that hold it.',
    warehouseId: 'The warehouse (a ULID) where the SKU is low.',
    'listAlertRules.warehouseId':
      'Only rules that apply in this warehouse (rules naming no warehouse apply in every one).',
    lowSince: 'When the rule started holding for this SKU and warehouse (UTC instant).',
    notified:
      'Whether a `stock.low` event was published for this low (false while it began inside the cool-down of the last one).',
    suggestedQuantity:
      'Units to reorder: velocity × seasonal factor × (lead time + safety days) − available, raised to what the stock rule’s minimum level lacks, to at least the source’s minimum order quantity (a minimum, not a multiple) and up to whole packs, and capped by the stock rule’s maximum to the most whole packs that fit (0 when not one minimum order fits; 0 to 1,000,000).',
    explanation:
      'The numbers behind the suggestion, for people to read: stock (`onHand`, `allocated`, `available`), the sales `window`, `unitsSold`, `daysInStock`, `velocity`, `seasonalFactor` and the factors applied, `leadTimeDays` and `safetyDays` with where each came from, `daysOfCover`, the `condition`, the `demand`, `shortfall`, minimum order rounding, the minimum level, minimum order and pack, the stock rule cap (`maxLevel`, `capped`, `capReason`) and which stock rule set them (`stockRule`), the chosen `vendor`, and `text`: all of it in one line of words. Every figure it lists recomputes the suggestion by hand (the low-stock report documents each field).',
    multiplier:
      'Multiplies sales velocity on the days it applies, 0.01 to 20 (1.0 is no change). Factors that apply on the same day multiply; a day’s product stays within 0.01 to 20.',
    applies:
      'When the factor applies: a month of every year, an ISO week of every year, or a range of dates.',
    month: 'A month of every year, 1 (January) to 12.',
    isoWeek: 'An ISO 8601 week of every year, 1 to 53.',
    from: 'First day the factor applies (YYYY-MM-DD, included).',
    to: 'Last day the factor applies (YYYY-MM-DD, included; on or after `from`).',
    skuPattern: 'Only factors whose own pattern list includes exactly this pattern (`MUG-*`).',
    activeOn: 'Only factors that apply on this day (YYYY-MM-DD).',
    listId: 'The rule list to change (a ULID). An unknown id is a 400 naming the field.',
    ids: 'Rule lists to delete, 1 to 25: an array in the body, or comma-separated in the query (`?ids=a,b`). Not both.',
    force:
      'Delete the alert rules and seasonal factors that target the lists too (default false: a 409 names them and nothing is deleted). In the body a boolean, in the query `true` or `false`.',
    deleted: 'The rule lists deleted.',
    deletedAlertRules: 'With `force`: the alert rules that targeted the lists, deleted with them.',
    deletedSeasonalFactors: 'With `force`: the seasonal factors that targeted the lists, deleted with them.',
  },
  operations: {
    listAlertRules: {
      description:
        'Lists alert rules in name order (accents and case folded), filtered by `enabled`, a warehouse they apply in, a SKU they cover or the rule list they target. Each rule answers its list’s name and size, not its SKUs, and no `firing` (read one rule for those).',
      example: {
        query: { enabled: 'true', warehouseId: leedsWarehouse, limit: '20' },
        response: {
          items: [
            {
              ...bestsellerRuleStored,
              ruleList: { id: bestsellerList, name: 'Bestsellers', skuCount: 3 },
            },
            mugRuleStored,
          ],
          nextCursor: null,
        },
      },
    },
    createAlertRule: {
      description:
        'Creates an alert rule (`201`, `Location` and `ETag`). The rule counts on its rule list and warehouses, so neither can be deleted from under it; a list or warehouse that does not exist is a 400 naming `scope.ruleListId` or `scope.warehouseIds[i]`.\n\nA scope naming nothing, a condition of another type or a field out of range is a 400. At most 1,000 rules are kept: beyond that, a 409. The rule is first evaluated by the alerts function shortly after it is written, and every day at 06:00 in the reporting time zone.',
      example: {
        body: {
          name: 'Mugs low in Leeds',
          scope: { skuPatterns: ['MUG-*'], warehouseIds: [leedsWarehouse] },
          condition: { type: 'available_below', quantity: 5 },
          recipients: ['buyer@example.com'],
        },
        response: mugRuleStored,
      },
    },
    getAlertRule: {
      description:
        'Reads one alert rule (with its `ETag`), its rule list with every SKU on it, and `firing`: the SKU-and-warehouse pairs it holds low now (the first 50 and the count), each with its reorder suggestion, the suggested vendor and the numbers behind them. 404 for an unknown id.',
      example: {
        params: { id: bestsellerRule },
        response: {
          ...bestsellerRuleStored,
          ruleList: { id: bestsellerList, name: 'Bestsellers', skuCount: 3, skus: bestsellerListAnswer.skus },
          firing: {
            count: 1,
            more: false,
            items: [
              {
                sku: 'MUG-BLUE',
                warehouseId: leedsWarehouse,
                lowSince: '2026-11-23T13:02:41.000Z',
                notified: true,
                suggestedQuantity: 60,
                explanation: {
                  onHand: 14,
                  allocated: 2,
                  available: 12,
                  window: { from: '2026-10-25', to: '2026-11-23', days: 30 },
                  unitsSold: 96,
                  daysInStock: 30,
                  velocity: 3.2,
                  velocityOver: 'days in stock',
                  seasonalFactor: 1,
                  seasonalFactors: [],
                  leadTimeDays: 10,
                  leadTimeFrom: 'po-source',
                  safetyDays: 5,
                  safetyDaysFrom: 'rule',
                  daysOfCover: 3.75,
                  condition: { type: 'cover_below', safetyDays: 5 },
                  conditionHolds: true,
                  demand: 48,
                  openOnWorkOrders: 0,
                  shortfall: 36,
                  minimumOrderQuantity: 60,
                  roundedToMinimum: 60,
                  maxLevel: 200,
                  stockRuleId: stockRule,
                  rulePeriodId: null,
                  roomUnderMax: 188,
                  capped: false,
                  suggestedQuantity: 60,
                  vendor: {
                    vendorId: vendor,
                    vendorName: 'Northern Pottery Ltd',
                    poSourceId: poSource,
                    unitCost: { amount: 350, currency: 'GBP' },
                    leadTimeDays: 10,
                    reason: 'lowest unit cost of 2 sources receiving into this warehouse',
                  },
                },
              },
            ],
          },
        },
      },
    },
    updateAlertRule: {
      description:
        'Replaces an alert rule with the body (omitted fields take their defaults) and answers it with its new version. `If-Match` is honoured (412 when stale); 404 for an unknown id.\n\nThe counts on the old and new list and warehouses move in the same transaction, so a rule never points at a deleted list or warehouse: an unknown one is a 400 naming the field. The rule’s low standings are re-evaluated against its new scope and condition.',
      example: {
        params: { id: mugRule },
        body: {
          name: 'Mugs low in Leeds',
          scope: { skuPatterns: ['MUG-*'], warehouseIds: [leedsWarehouse] },
          condition: { type: 'available_below', quantity: 8 },
          recipients: ['buyer@example.com', 'stock@example.com'],
          cooldownHours: 12,
        },
        response: {
          ...mugRuleStored,
          condition: { type: 'available_below', quantity: 8 },
          recipients: ['buyer@example.com', 'stock@example.com'],
          cooldownHours: 12,
          version: 2,
          updatedAt: '2026-11-22T10:31:07.000Z',
        },
      },
    },
    deleteAlertRule: {
      description:
        'Deletes an alert rule and releases its counts on its list and warehouses (`204`). Its low standings go with it and publish no event. `If-Match` is honoured (412 when stale); 404 for an unknown id. Needs the manager role.',
      example: { params: { id: mugRule } },
    },
    listSeasonalFactors: {
      description:
        'Lists seasonal factors in creation order, filtered by a SKU they apply to, an exact SKU pattern they name, or a day they apply on (`activeOn`). Filters combine: `?sku=MUG-BLUE&activeOn=2026-12-22` answers every factor whose product makes that SKU’s multiplier on that day.',
      example: {
        query: { sku: 'MUG-BLUE', activeOn: '2026-12-22' },
        response: { items: [decemberFactorStored, christmasFactorStored], nextCursor: null },
      },
    },
    createSeasonalFactor: {
      description:
        'Creates a seasonal factor (`201`, `Location` and `ETag`): a multiplier of sales velocity (0.01 to 20) for a month, an ISO week or a range of dates, for every SKU, SKU patterns or a rule list. Factors that apply to one SKU on one day multiply: December 1.5 × a Christmas week of 2 is 3 that week.\n\nA list that does not exist is a 400 naming `scope.ruleListId`; a period that is none of the three shapes, or `to` before `from`, is a 400. At most 1,000 factors are kept: beyond that, a 409.',
      example: {
        body: {
          name: 'Christmas week, bestsellers',
          multiplier: 2,
          applies: { from: '2026-12-19', to: '2026-12-26' },
          scope: { ruleListId: bestsellerList },
        },
        response: christmasFactorStored,
      },
    },
    updateSeasonalFactor: {
      description:
        'Replaces a seasonal factor and answers it with its new version. `If-Match` is honoured (412 when stale); 404 for an unknown id; a rule list that does not exist is a 400 naming `scope.ruleListId`.',
      example: {
        params: { id: decemberFactor },
        body: { name: 'December', multiplier: 1.4, applies: { month: 12 } },
        response: {
          ...decemberFactorStored,
          multiplier: 1.4,
          version: 2,
          updatedAt: '2026-11-21T09:00:00.000Z',
        },
      },
    },
    deleteSeasonalFactor: {
      description:
        'Deletes a seasonal factor (`204`) and releases its count on its rule list. `If-Match` is honoured (412 when stale); 404 for an unknown id. Needs the manager role.',
      example: { params: { id: christmasFactor } },
    },
    createRuleList: {
      description:
        'Creates a named SKU list (`201` with `Location`), with its first SKUs if given (repeats count once; at most 10,000). Names are unique, case and accents aside: a taken one is a 409 naming the list that has it. Answers the list with every SKU in code-point order. The interface has no read of a list: the alert rules that target it answer it with its SKUs.',
      example: {
        body: { name: 'Bestsellers', skus: ['MUG-RED', 'MUG-BLUE'] },
        response: {
          ...bestsellerListAnswer,
          skuCount: 2,
          updatedAt: '2026-11-01T10:00:00.000Z',
          skus: ['MUG-BLUE', 'MUG-RED'],
        },
      },
    },
    deleteRuleLists: {
      description:
        'Deletes rule lists named by `ids` in the query or the body (not both; 1 to 25), all or none. An unknown id is a 404 and nothing is deleted.\n\nWhile alert rules or seasonal factors target a list the delete is a 409 naming them (`alertRuleIds`, `seasonalFactorIds`), unless `force=true`: then those rules and factors are deleted first, then the lists. A rule created against a list meanwhile is deleted too or the delete refused, never left pointing at a deleted list. Needs the manager role.',
      example: {
        query: { ids: `${clearanceList},${bestsellerList}`, force: 'true' },
        response: {
          deleted: [clearanceList, bestsellerList],
          deletedAlertRules: [bestsellerRule],
          deletedSeasonalFactors: [christmasFactor],
        },
      },
    },
    addRuleListItems: {
      description:
        'Adds SKUs to a rule list and answers the list. The list is a set: SKUs already on it stay once, so a retry is harmless, and two additions racing both land. An unknown `listId` is a 400 naming it.\n\nAn addition that would take the list past 10,000 SKUs is a 409 before anything is written. An addition is all or nothing: when a race to the last places takes the room first, the 409 says so and nothing of it is added.',
      example: {
        body: { listId: bestsellerList, skus: ['TSHIRT-M-BLK', 'MUG-RED'] },
        response: bestsellerListAnswer,
      },
    },
    removeRuleListItems: {
      description:
        'Removes SKUs from a rule list and answers the list. Name the list and SKUs in the body (`{listId, skus}`) or in the query (`?listId=…&skus=A,B`), not both (400). SKUs not on the list are ignored; an unknown `listId` is a 400 naming it.',
      example: {
        query: { listId: bestsellerList, skus: 'TSHIRT-M-BLK' },
        response: {
          ...bestsellerListAnswer,
          skuCount: 2,
          updatedAt: '2026-11-22T08:12:30.000Z',
          skus: ['MUG-BLUE', 'MUG-RED'],
        },
      },
    },
  },
});
