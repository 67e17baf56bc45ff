/** The orders group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { addressSchema } from '../../shared/domain/address';
import {
  automationActionSchema,
  automationConditionSchema,
  automationRuleInputSchema,
  automationRuleSchema,
} from '../../shared/domain/automation';
import {
  customerSchema,
  orderLineInputSchema,
  orderLineSchema,
  totalsSchema,
} from '../../shared/domain/order';
import { paymentSchema } from '../../shared/domain/payment';
import { defineDocs } from '../../shared/openapi/docs';
import { exampleShipTo, mainWarehouse, mainWarehouseId } from '../../shared/openapi/examples';
import { columnViewInputSchema, columnViewSchema } from './column-views/schemas';
import { addressUpdateSchema, orderInputSchema, orderViewSchema, paymentInputSchema } from './orders/schemas';
import { ordersCatalogue } from './routes';
import { statusInputSchema, statusSchema } from './statuses/schemas';
import { workOrderInputSchema, workOrderSchema } from './work-orders/schemas';

const orderId = 'SHOP-100482';
const paymentId = '01M6P056060RC5BEJ69QPN2FFF';
const vipStatusId = '01M6J7ZS3CBZWEVN4H733CXT8Y';
const reviewStatusId = '01M6K00VNYD6MF3VC9DXYATZHQ';
const ruleId = '01M6KR1Y8GTXBKYV09MN7SQSVS';
const viewId = '01M6MG30V23NCXW3PKBXEDR82T';
const workOrderId = '01M6N843DMK1GEKZSKESKP5HHD';

const shipTo = exampleShipTo;

const orderInput = {
  channel: 'shopify',
  orderDate: '2026-11-22T14:03:11Z',
  customer: { name: 'Eleanor Whitfield', email: 'eleanor.whitfield@example.com' },
  shipTo,
  lines: [
    {
      itemId: '14420118',
      sku: 'MUG-BLUE-12',
      title: 'Stoneware mug, blue, 12 oz',
      quantity: 2,
      unitPrice: 1450,
      tax: 580,
      weightGrams: 420,
    },
    {
      itemId: '14420119',
      sku: 'TEA-EARLGREY-100',
      title: 'Earl Grey loose leaf tea, 100 g',
      quantity: 1,
      unitPrice: 899,
      tax: 180,
      discount: 100,
      weightGrams: 110,
    },
  ],
  currency: 'GBP',
  shippingCharge: 495,
  requestedShippingService: 'Royal Mail Tracked 48',
  warehouseId: mainWarehouseId,
  tags: ['gift'],
};

const lines = [
  {
    itemId: '14420118',
    sku: 'MUG-BLUE-12',
    title: 'Stoneware mug, blue, 12 oz',
    quantity: 2,
    unitPrice: 1450,
    tax: 580,
    discount: 0,
    weightGrams: 420,
    status: 'active' as const,
    shippedQuantity: 0,
  },
  {
    itemId: '14420119',
    sku: 'TEA-EARLGREY-100',
    title: 'Earl Grey loose leaf tea, 100 g',
    quantity: 1,
    unitPrice: 899,
    tax: 180,
    discount: 100,
    weightGrams: 110,
    status: 'active' as const,
    shippedQuantity: 0,
  },
];

/** 2 × 1450 + 899 = 3799 goods, 760 tax, 100 discount, 495 shipping: 4954 in all. */
const unpaidTotals = {
  subtotal: 3799,
  shipping: 495,
  tax: 760,
  discount: 100,
  total: 4954,
  paid: 0,
  refunded: 0,
  credited: 0,
  balance: 4954,
  refundable: 0,
};
const paidTotals = { ...unpaidTotals, paid: 4954, balance: 0 };

const payment = {
  id: paymentId,
  amount: 4954,
  method: 'card',
  reference: 'ch_3QH7cB2eZvKYlo2C1x8Mf0aQ',
  paidAt: '2026-11-22T14:03:40Z',
  recordedAt: '2026-11-22T14:05:02.341Z',
  recordedBy: 'sam.okafor',
};

const createdOrder = {
  ...orderInput,
  lines,
  channelTags: ['gift'],
  id: orderId,
  statusId: 'awaiting-payment',
  totals: unpaidTotals,
  fulfillmentState: 'unshipped' as const,
  allocations: { 'MUG-BLUE-12': 2, 'TEA-EARLGREY-100': 1 },
  version: 1,
  createdAt: '2026-11-22T14:04:00.118Z',
  updatedAt: '2026-11-22T14:04:00.118Z',
  payments: [],
};

const paidOrder = {
  ...createdOrder,
  statusId: 'awaiting-shipment',
  totals: paidTotals,
  version: 2,
  updatedAt: '2026-11-22T14:05:02.341Z',
  payments: [payment],
};

const newAddress = {
  name: 'Eleanor Whitfield',
  company: 'Whitfield Design Studio',
  line1: '4 Harbourside Quay',
  city: 'Bristol',
  postalCode: 'BS1 5LL',
  country: 'GB',
  phone: '+44 117 496 0123',
};

const ruleInput = {
  name: 'Big UK orders ship from Manchester, tracked',
  trigger: 'order.created' as const,
  match: 'all' as const,
  conditions: [
    { field: 'shipTo.country' as const, operator: 'equals' as const, value: 'GB' },
    { field: 'totals.total' as const, operator: 'greater_than' as const, value: 10000 },
  ],
  actions: [
    { type: 'assign_warehouse' as const, warehouseId: mainWarehouseId },
    { type: 'set_shipping_service' as const, service: 'Royal Mail Special Delivery' },
    { type: 'add_tag' as const, tag: 'high-value' },
  ],
  priority: 10,
  enabled: true,
  stopAfterMatch: false,
};

const rule = {
  ...ruleInput,
  conditions: ruleInput.conditions.map((condition) => ({ ...condition, caseSensitive: false })),
  id: ruleId,
  version: 1,
  createdAt: '2026-11-18T09:41:27.902Z',
  createdBy: 'maria.lopez',
  updatedAt: '2026-11-18T09:41:27.902Z',
};

const viewInput = {
  name: 'Unshipped UK, oldest first',
  columns: [
    { field: 'id', width: 140, visible: true },
    { field: 'customer.name', width: 220, visible: true },
    { field: 'totals.total', width: 110, visible: true },
    { field: 'statusId', width: 160, visible: true },
    { field: 'channel', width: 100, visible: false },
  ],
  sort: [{ field: 'orderDate', direction: 'asc' as const }],
  filters: [
    { field: 'shipTo.country', operator: 'equals' as const, value: 'GB' },
    { field: 'fulfillmentState', operator: 'in' as const, value: ['unshipped', 'partially_shipped'] },
  ],
  shared: true,
};

const view = {
  ...viewInput,
  id: viewId,
  owner: '3c5e8a1f-7b2d-4e90-a6c4-2f1d9e8b7a60',
  ownerName: 'maria.lopez',
  createdAt: '2026-11-19T16:22:05.417Z',
};

const workOrderLines = [
  { sku: 'GIFTSET-MUGTEA', quantity: 20, unitCost: 1150 },
  { sku: 'MUG-BLUE-12', quantity: -20 },
  { sku: 'TEA-EARLGREY-100', quantity: -20 },
];

const vipStatus = {
  id: vipStatusId,
  name: 'VIP – pack by hand',
  category: 'open' as const,
  allowBackorder: false,
  builtIn: false,
  color: '#7b2cbf',
  createdAt: '2026-11-10T12:00:31.512Z',
};

export const ordersDocs = defineDocs(ordersCatalogue, {
  components: {
    Order: {
      schema: orderViewSchema,
      description:
        'An order as the back office sees it: the channel’s fields (customer, addresses, lines, currency, shipping charge), the back office’s (status, assigned warehouse, requested shipping service, tags), the derived totals and fulfillment state, the stock it holds (`allocations`) and its payments. `version` is its ETag.',
    },
    OrderInput: {
      schema: orderInputSchema,
      description:
        'The body of `PUT /v1/orders/{id}`: the channel’s fields, and optionally the back office’s (`statusId`, `warehouseId`, `requestedShippingService`, `tags`), which a replace keeps when omitted and clears only when `null`.',
    },
    OrderLine: {
      schema: orderLineSchema,
      description:
        'One line of an order: the channel’s item id, SKU, title, quantity and prices, with its status (active or cancelled) and how many units have shipped.',
    },
    OrderLineInput: {
      schema: orderLineInputSchema,
      description:
        'A line as the channel sends it. quantity × unitPrice is at most 10^12 minor units and the discount at most that.',
    },
    Customer: { schema: customerSchema, description: 'Who placed the order.' },
    Address: {
      schema: addressSchema,
      description:
        'A postal address: at least a first street line, a city and an ISO 3166-1 alpha-2 country; postal codes are checked for the countries that need one. Used for ship-to, bill-to, ship-from, warehouse and vendor addresses.',
    },
    OrderTotals: {
      schema: totalsSchema,
      description:
        'The order’s money, derived by the server in minor units of the order’s currency: `total` = subtotal + shipping + tax − discount − credited (active lines only); `balance` = total − (paid − refunded).',
    },
    Payment: {
      schema: paymentSchema,
      description:
        'A payment recorded on an order (positive amount) or a refund (negative amount). A refund made by the returns group names its return and what it covered.',
    },
    PaymentInput: { schema: paymentInputSchema, description: 'A payment to record on an order.' },
    AddressUpdate: {
      schema: addressUpdateSchema,
      description:
        'New ship-to and/or bill-to addresses of an order, with an optional reason for its history.',
    },
    OrderStatus: {
      schema: statusSchema,
      description:
        'An order status: built-in (`awaiting-payment`, `awaiting-shipment`, `backordered`, `on-hold`, `shipped`, `cancelled`) or custom (a ULID id), each in a fixed category that decides what it means for fulfillment and stock.',
    },
    OrderStatusInput: { schema: statusInputSchema, description: 'A custom status to create.' },
    ColumnView: {
      schema: columnViewSchema,
      description:
        'A saved layout of the order grid (columns and widths, sort, filters), private to its owner or shared with everyone.',
    },
    ColumnViewInput: {
      schema: columnViewInputSchema,
      description: 'A layout to save: at most 64 KB as JSON.',
    },
    AutomationRule: {
      schema: automationRuleSchema,
      description:
        'A rule applied when an order is written: when its trigger happens and its conditions hold (all or any), its actions change the order. Rules run by priority (lower first), each firing recorded in the order’s history.',
    },
    AutomationRuleInput: { schema: automationRuleInputSchema, description: 'A rule to create.' },
    AutomationCondition: {
      schema: automationConditionSchema,
      description:
        'One test on an order field. Text fields take equals, not_equals, contains, starts_with, in; number fields (totals, lineCount, totalQuantity) take equals, not_equals, greater_than, less_than, in. List fields (tags, sku) match when any element does.',
    },
    AutomationAction: {
      schema: automationActionSchema,
      description:
        'What a rule does to the order, by `type`: `set_status` (statusId), `assign_warehouse` (warehouseId), `add_tag` (tag), `hold` (moves it to on-hold), `set_shipping_service` (service).',
    },
    WorkOrder: {
      schema: workOrderSchema,
      description:
        'A stock move in one warehouse (assembly of kits, count adjustment, receipt of goods), applied to the stock ledger when created: every line or none.',
    },
    WorkOrderInput: { schema: workOrderInputSchema, description: 'A work order to apply.' },
  },
  fields: {
    // Orders.
    'Order.id':
      'The order’s id: the sales channel’s order id, 1 to 64 letters, digits, `.`, `_` or `-`, starting with a letter or digit. The words statuses, column-views, automation-rules, work-orders and shipments are reserved.',
    'getOrder.id':
      'The order’s id: the sales channel’s order id, 1 to 64 letters, digits, `.`, `_` or `-`, starting with a letter or digit. The words statuses, column-views, automation-rules, work-orders and shipments are reserved.',
    'putOrder.id':
      'The order’s id: the sales channel’s order id, 1 to 64 letters, digits, `.`, `_` or `-`, starting with a letter or digit. The words statuses, column-views, automation-rules, work-orders and shipments are reserved.',
    'updateOrderAddress.id':
      'The order’s id: the sales channel’s order id, 1 to 64 letters, digits, `.`, `_` or `-`, starting with a letter or digit. The words statuses, column-views, automation-rules, work-orders and shipments are reserved.',
    'addOrderPayment.id':
      'The order’s id: the sales channel’s order id, 1 to 64 letters, digits, `.`, `_` or `-`, starting with a letter or digit. The words statuses, column-views, automation-rules, work-orders and shipments are reserved.',
    'cancelOrderItem.id':
      'The order’s id: the sales channel’s order id, 1 to 64 letters, digits, `.`, `_` or `-`, starting with a letter or digit. The words statuses, column-views, automation-rules, work-orders and shipments are reserved.',
    'reinstateOrderItem.id':
      'The order’s id: the sales channel’s order id, 1 to 64 letters, digits, `.`, `_` or `-`, starting with a letter or digit. The words statuses, column-views, automation-rules, work-orders and shipments are reserved.',
    'Payment.id': 'The payment’s id (ULID), made by the server.',
    'OrderStatus.id':
      'The status’s id: a built-in word (`awaiting-payment`, `on-hold`, ...) or, for a custom status, a ULID.',
    'deleteColumnView.id': 'The column view’s id (ULID).',
    itemId:
      'The channel’s line id (1 to 64 letters, digits, `. _ -`, starting with a letter or digit), unique within the order and stable across replacements.',
    channel:
      'The sales channel the order came from, as a code (`shopify`, `amazon-uk`, `ebay`): 1 to 32 letters, digits, `_ . -`.',
    orderDate:
      'When the customer placed the order: ISO 8601 with `Z` or an offset, stored in UTC (an offset is converted).',
    customer: 'Who placed the order: name, and optionally email and phone.',
    'Customer.name': 'The customer’s name, 1 to 200 characters.',
    'Address.name': 'The recipient: a person’s or department’s name, up to 200 characters.',
    shipTo: 'Where the order ships to (an Address). Required on an order; changes until anything ships.',
    billTo: 'The billing address (an Address), when the channel gives one.',
    lines: 'The order’s lines, 1 to 500, each with an item id unique within the order.',
    'OrderLine.quantity': 'Units ordered, 1 to 100,000.',
    'OrderLineInput.quantity': 'Units ordered, 1 to 100,000.',
    title: 'The product title as the channel shows it, 1 to 300 characters.',
    unitPrice: 'Price of one unit before tax and discount, in minor units of the order’s currency.',
    'OrderLine.tax': 'Tax on the whole line, in minor units (default 0).',
    'OrderLineInput.tax': 'Tax on the whole line, in minor units (default 0).',
    'OrderLine.discount':
      'Discount on the whole line, in minor units, at most quantity × unitPrice (default 0).',
    'OrderLineInput.discount':
      'Discount on the whole line, in minor units, at most quantity × unitPrice (default 0).',
    weightGrams: 'Weight of one unit in grams, 0 to 1,000,000; rates and packages are weighed from it.',
    hsCode:
      'Harmonized System tariff number of the product, 6 to 10 digits (dots allowed, "6109.10"); printed on customs declarations. Optional.',
    originCountry:
      'Where the product was made (ISO 3166-1 alpha-2); printed on customs declarations. Optional.',
    'OrderLine.status':
      '`active`, or `cancelled` (by the cancel operation, a cancelled-category status, or a channel re-sync keeping it). Cancelled lines count in no total and hold no stock.',
    shippedQuantity: 'Units of the line shipped so far (active shipments only). Kept by the server.',
    shippingCharge:
      'What the customer pays for shipping, in minor units of the order’s currency (default 0).',
    requestedShippingService:
      'The shipping service the customer chose or staff set (free text up to 100 characters, e.g. "Royal Mail Tracked 48"). Kept on a replace when omitted; `null` clears it.',
    'Order.warehouseId':
      'The warehouse assigned to fulfil the order; its active unshipped lines hold stock there. Absent until assigned.',
    'OrderInput.warehouseId':
      'The warehouse to fulfil from (a warehouse id). Kept on a replace when omitted; `null` unassigns it and releases its stock.',
    tags: 'Labels on the order, up to 50 of up to 50 characters each; a repeated tag is kept once. On a PUT these are the channel’s tags: tags rules or staff added stay, and `null` clears every tag.',
    channelTags:
      'The tags the channel sent last; the others in `tags` were added by rules or staff and survive a re-sync.',
    'Order.statusId': 'The order’s status (an OrderStatus id: a built-in word or a custom status’s ULID).',
    'OrderInput.statusId':
      'A status to set (built-in or custom id). New orders start `awaiting-payment`; kept on a replace when omitted; `null` goes back to `awaiting-payment`.',
    totals: 'The order’s money, derived by the server (OrderTotals).',
    subtotal: 'Sum of quantity × unitPrice over the active lines, in minor units.',
    shipping: 'The shipping charge, counted while any line is active, in minor units.',
    'OrderTotals.tax': 'Sum of the active lines’ tax, in minor units.',
    'OrderTotals.discount': 'Sum of the active lines’ discounts, in minor units.',
    total: 'subtotal + shipping + tax − discount − credited, never below 0, in minor units.',
    paid: 'Sum of the payments recorded, in minor units.',
    refunded: 'Sum of the refunds recorded (as a positive number), in minor units.',
    credited:
      'The value of returned goods that refunds covered: what they paid back, and on an order still owing what they credited against what was owed (no money moved). It leaves `total`, so returned goods never show as owed.',
    balance:
      'total − (paid − refunded): what the customer still owes, in minor units; negative when owed to the customer.',
    refundable:
      'What the customer paid beyond the total (−balance when the balance is negative, else 0), in minor units: what `POST /v1/orders/{id}/payments` with a negative amount may pay back (a line cancelled after it was paid).',
    fulfillmentState:
      'Derived from the active lines: `unshipped`, `partially_shipped`, `shipped` (every active line fully shipped) or `cancelled` (no active line).',
    allocations:
      'Units this order holds in its assigned warehouse, by SKU: the unshipped units of its active lines while its status holds stock (not shipped or cancelled). Kept by the server.',
    payments: 'The order’s payments and refunds, oldest first.',

    // Payments.
    'Payment.amount':
      'Minor units of the order’s currency: positive for a payment, negative for a refund; 0 for a return’s refund wholly credited against what the customer owed (no money moved).',
    'PaymentInput.amount':
      'Minor units of the order’s currency, 1 to 10^12 and at most the balance due (an overpayment is a 409); or negative, −1 to −10^12, to pay back an overpayment, at most `totals.refundable` (more is a 409). 0 is a 400.',
    method:
      'How it was paid: `card`, `cash`, `bank_transfer`, `paypal`, `store_credit` or `other`; a refund names the method the money went back by.',
    reference: 'The payment provider’s reference (charge or transfer id), up to 200 characters.',
    paidAt:
      'When the money was taken: ISO 8601 with `Z` or an offset, stored in UTC. Defaults to the time it is recorded.',
    recordedAt: 'When the payment was recorded: an ISO 8601 UTC instant, set by the server.',
    recordedBy: 'The username of who recorded it (from the token).',
    refund: 'Present on refunds for returned goods: the return and what the refund covered.',
    returnId: 'The return this refund paid back (a Return id).',
    goods: 'Minor units refunded for the goods of this line.',
    'Payment.tax': 'Minor units of tax refunded for this line.',
    'Payment.quantity': 'Units of the line the refund covers.',
    'Payment.shipping': 'Minor units of shipping refunded.',
    'Payment.credited':
      'Minor units of what the refund covered that reduced what the customer still owed on a part-paid order (no money moved); the rest is the amount paid back.',
    'Payment.lines': 'The order lines the refund covers.',

    // Address and line changes.
    reason: 'Why, for the order’s history: free text up to 500 characters (newlines allowed).',

    // Statuses.
    statusId:
      'An order status id: a built-in word (`awaiting-payment`, `awaiting-shipment`, `backordered`, `on-hold`, `shipped`, `cancelled`) or a custom status’s ULID.',
    'OrderStatus.name': 'The status’s name as staff see it; unique among all statuses, ignoring case.',
    'OrderStatusInput.name':
      'The status’s name, 1 to 100 characters; unique among all statuses, ignoring case (a clash is a 409).',
    category:
      'What the status means: `open` (to ship), `on_hold`, `awaiting_payment`, `shipped` (set by shipping, not by hand) or `cancelled` (cancels the unshipped lines). Orders in shipped and cancelled categories hold no stock.',
    'listOrderStatuses.category': 'Only the statuses of this category.',
    allowBackorder:
      'Orders in this status may allocate more than is available; the shortfall is recorded as backordered (default false).',
    builtIn: 'Whether it is one of the built-in statuses, which cannot be deleted.',
    color: 'Colour of the status in the UI, `#rrggbb` (stored lowercase).',
    replacementStatusId:
      'The status that orders in the deleted status move to, and that rules setting it set instead. Required when any order or rule uses the status; it must hold stock the same way (both or neither in the shipped and cancelled categories). In the answer: the replacement used, null when none was needed.',
    'deleteOrderStatus.deleted': 'The id of the status deleted.',
    movedOrders: 'How many orders moved to the replacement status.',
    updatedRuleIds: 'Automation rules whose `set_status` actions now name the replacement.',

    // Column views.
    'ColumnView.name': 'The view’s name, 1 to 100 characters.',
    'ColumnViewInput.name': 'The view’s name, 1 to 100 characters.',
    columns: 'The grid’s columns in display order, 1 to 100, each field once.',
    field:
      'An order field by its path (`customer.name`, `totals.total`): letters, digits and `_`, dot-separated, up to 100 characters.',
    width: 'Column width in pixels, 20 to 2000.',
    visible: 'Whether the column shows (hidden columns keep their place and width).',
    'ColumnView.sort': 'Sort keys, first one first, up to 10, each field once (default none).',
    'ColumnViewInput.sort': 'Sort keys, first one first, up to 10, each field once (default none).',
    direction: '`asc` or `desc`.',
    filters: 'Filters on order fields, all of which must hold, up to 50 (default none).',
    operator:
      'How the field is compared: `equals`, `not_equals`, `contains`, `starts_with`, `greater_than`, `less_than` or `in` (value is an array).',
    value:
      'What the field is compared with: a string (up to 500 characters), a number, true or false; an array of up to 100 of them for `in`.',
    shared:
      'Shared views are listed for everyone, private ones only for their owner (default false). Sharing needs the operator or manager role.',
    owner: 'The token subject of who saved the view.',
    ownerName: 'The username of who saved the view.',
    scope: '`mine` (the caller’s own views), `shared` (shared views) or `all` (both, each once; default).',

    // Automation rules.
    'AutomationRule.name': 'The rule’s name as it appears in order histories, 1 to 200 characters.',
    'AutomationRuleInput.name': 'The rule’s name as it appears in order histories, 1 to 200 characters.',
    trigger:
      'When the rule runs: `order.created`, `order.updated` (any later write) or `order.paid` (a payment recorded).',
    'listAutomationRules.trigger': 'Only rules of this trigger.',
    match: '`all` (every condition must hold; default) or `any` (one is enough).',
    conditions:
      'Tests on order fields, up to 20 (default none: the rule matches every order of its trigger).',
    'AutomationCondition.field':
      'The order field tested: channel, statusId, warehouseId, currency, requestedShippingService, tags, customer.name, customer.email, shipTo.country, shipTo.region, shipTo.postalCode, totals.total, totals.balance, totals.subtotal, lineCount, totalQuantity (active lines) or sku (any active line’s).',
    caseSensitive: 'Text comparisons ignore case unless this is true (default false).',
    actions: 'What the rule does, 1 to 10, applied in order.',
    type: 'The action: `set_status`, `assign_warehouse`, `add_tag`, `hold` or `set_shipping_service`.',
    tag: 'The tag to add, up to 50 characters (an order keeps at most 50).',
    service: 'The shipping service to request, up to 100 characters.',
    'AutomationAction.statusId': 'The status to set (built-in or custom; it must exist).',
    'AutomationAction.warehouseId': 'The warehouse to assign (it must exist).',
    priority: 'Run order, 0 to 999,999: lower runs first; ties run in creation order.',
    enabled: 'Whether the rule runs (default true).',
    'listAutomationRules.enabled': '`true` or `false`: only enabled or only disabled rules.',
    stopAfterMatch: 'When this rule fires, rules after it do not run (default false).',
    createdBy: 'The username of who created it (from the token).',

    // Work orders.
    'WorkOrder.reason':
      'Why stock moves: `assembly` (kits built from components), `adjustment`, `receipt` (goods received: positive lines only) or `count` (a stock count’s correction).',
    'WorkOrderInput.reason':
      'Why stock moves: `assembly` (kits built from components), `adjustment`, `receipt` (goods received: positive lines only) or `count` (a stock count’s correction).',
    'WorkOrder.lines': 'The SKUs and signed quantities moved, 1 to 500.',
    'WorkOrderInput.lines': 'The SKUs and signed quantities to move, 1 to 500.',
    'WorkOrder.quantity':
      'Signed change of units on hand: positive adds, negative removes (never below zero on hand); −1,000,000 to 1,000,000, not 0.',
    'WorkOrderInput.quantity':
      'Signed change of units on hand: positive adds, negative removes (never below zero on hand); −1,000,000 to 1,000,000, not 0.',
    unitCost:
      'Minor units per unit, for inbound lines; defaults to the SKU’s current average cost in the warehouse, and is required while there is none.',
    'WorkOrder.warehouseId': 'The warehouse whose stock moves; active and accepting work orders.',
    'WorkOrderInput.warehouseId':
      'The warehouse whose stock moves; it must be active and accept work orders (400 otherwise).',
    orderReference:
      'The order this work order serves, if any (a kit assembled for it), up to 100 characters.',
    note: 'A note for the stock ledger, free text up to 1000 characters.',
    apply: 'Optional, and only `true`: work orders apply when created (kept for clients that send it).',
    'WorkOrder.status': 'Always `applied`: a work order moves its stock when it is created.',
    movementIds: 'The stock-ledger movements the work order made, one per line.',

    // Warehouses listed for work orders.
    'listWorkOrderWarehouses.name': 'The warehouse’s name.',
    'listWorkOrderWarehouses.code': 'The warehouse’s short code.',
    'listWorkOrderWarehouses.active': 'Always true here: only active warehouses take work orders.',
  },
  operations: {
    getOrder: {
      description:
        'Reads an order with its lines, derived totals and fulfillment state, the stock it holds and its payments; the `ETag` is its version. An unknown id is a 404.',
      example: { params: { id: orderId }, response: paidOrder },
    },
    putOrder: {
      description:
        'Creates (201) or replaces (200) the order under the channel’s order id. Totals, fulfillment state and stock allocation are derived; automation rules of the trigger (`order.created` or `order.updated`) run before it is stored, each firing recorded in its history. An identical PUT answers 200 and changes nothing. The back office’s fields (`statusId`, `warehouseId`, `requestedShippingService`, tags rules or staff added) are kept when omitted and cleared only by `null`, so a channel re-sync never undoes staff work. `If-None-Match: *` makes it create-only and `If-Match` guards a replace (412).\n\n**409** when a replace shrinks a shipped line below what shipped or drops it (`lines` names each), changes the currency of an order with payments, sets a shipped-category status while lines are unshipped, or a cancelled-category status once a line shipped; when the assigned warehouse lacks the stock to allocate and the status does not allow backorders (`shortfalls`). An unknown status or warehouse, a bad postal code, or a discount above its line is a 400.',
      example: { params: { id: orderId }, body: orderInput, response: createdOrder },
    },
    updateOrderAddress: {
      description:
        'Changes the ship-to, the bill-to or both (at least one), and writes one address history entry with the optional reason. Allowed until anything ships: once the order is partially shipped or shipped it is a **409** (`fulfillmentState`). The same address again answers 200 and changes nothing. Honours `If-Match`.',
      example: {
        params: { id: orderId },
        body: { shipTo: newAddress, reason: 'Customer asked to deliver to her studio' },
        response: { ...paidOrder, shipTo: newAddress, version: 3, updatedAt: '2026-11-22T15:10:44.020Z' },
      },
    },
    addOrderPayment: {
      description:
        'Records a payment in the order’s currency, writes a payment history entry and publishes `order.paid`. A payment above the balance due is a **409** (`balance`): payments never overpay. Paid in full while awaiting payment, the order moves to awaiting shipment; `order.paid` rules run.\n\nA negative amount pays back what the customer overpaid (a line cancelled after it was paid): at most `totals.refundable`, else a **409** (`refundable`); it is recorded as a refund (a negative payment) with a payment history entry, publishes `order.refunded` and runs `order.updated` rules. Refunds for returned goods go through the return instead. Needs the manager role. Answers 201 with the order. Honours `If-Match` and `Idempotency-Key` (a retry records nothing twice).',
      example: {
        params: { id: orderId },
        body: {
          amount: 4954,
          method: 'card',
          reference: 'ch_3QH7cB2eZvKYlo2C1x8Mf0aQ',
          paidAt: '2026-11-22T14:03:40Z',
        },
        response: paidOrder,
      },
    },
    cancelOrderItem: {
      description:
        'Cancels one unshipped line: totals drop, its stock allocation is released, and an edit history entry records it with the optional reason. When every line is cancelled the order moves to the cancelled status.\n\n**409** when the line has shipped units, or is already cancelled (`allowed: ["reinstate"]`). An unknown order or line is a 404. Honours `If-Match`.',
      example: {
        params: { id: orderId, itemId: '14420119' },
        body: { reason: 'Out of stock at the supplier; customer agreed' },
        response: {
          ...createdOrder,
          lines: [lines[0]!, { ...lines[1]!, status: 'cancelled' as const }],
          totals: {
            ...unpaidTotals,
            subtotal: 2900,
            tax: 580,
            discount: 0,
            total: 3975,
            balance: 3975,
          },
          allocations: { 'MUG-BLUE-12': 2 },
          version: 2,
          updatedAt: '2026-11-22T14:30:12.775Z',
        },
      },
    },
    reinstateOrderItem: {
      description:
        'Reinstates a cancelled line: totals are restored and its stock allocated again in the assigned warehouse (a **409** with `shortfalls` when there is not enough and the status does not allow backorders). A cancelled order with a line back goes to awaiting payment, or awaiting shipment when nothing is owed. Reinstating an active line is a **409** (`allowed: ["cancel"]`). Honours `If-Match`.',
      example: {
        params: { id: orderId, itemId: '14420119' },
        body: { reason: 'Supplier delivered after all' },
        response: { ...createdOrder, version: 3, updatedAt: '2026-11-22T16:02:09.310Z' },
      },
    },
    listOrderStatuses: {
      description:
        'Lists every order status: the built-in ones first, then custom ones by name; `category` filters. Paginated like every list, though short.',
      example: {
        query: { category: 'open' },
        response: {
          items: [
            {
              id: 'awaiting-shipment',
              name: 'Awaiting shipment',
              category: 'open',
              allowBackorder: false,
              builtIn: true,
            },
            { id: 'backordered', name: 'Backordered', category: 'open', allowBackorder: true, builtIn: true },
            vipStatus,
          ],
          nextCursor: null,
        },
      },
    },
    createOrderStatus: {
      description:
        'Creates a custom status in a fixed category, with a ULID id. A name another status has (built-in or custom, compared NFC-normalised ignoring case) is a **409**.',
      example: {
        body: { name: 'VIP – pack by hand', category: 'open', color: '#7B2CBF' },
        response: vipStatus,
      },
    },
    deleteOrderStatus: {
      description:
        'Deletes a custom status. While orders are in it or automation rules set it, `replacementStatusId` is required (**409** without it, with `orderCount` and `ruleIds`): the orders move to the replacement (each with a history entry) and the rules set the replacement instead. The replacement must hold stock the same way (400 otherwise). Built-in statuses cannot be deleted (**409**). When the orders to move outlast the request’s time budget, a **409** reports how many moved (`movedOrders`) and the status stays: repeat the request to move the rest and delete it. An unknown status is a 404.',
      example: {
        params: { statusId: reviewStatusId },
        query: { replacementStatusId: 'on-hold' },
        response: {
          deleted: reviewStatusId,
          replacementStatusId: 'on-hold',
          movedOrders: 14,
          updatedRuleIds: [ruleId],
        },
      },
    },
    listColumnViews: {
      description:
        'Lists the caller’s own column views and the shared ones, each once, by name. `scope` narrows to `mine` or `shared`. Any role may keep its own views.',
      example: { query: { scope: 'all', limit: '50' }, response: { items: [view], nextCursor: null } },
    },
    createColumnView: {
      description:
        'Saves a grid layout owned by the caller. Sharing it (`shared: true`) needs the operator or manager role (**403** for a viewer). A view is at most 64 KB as JSON (400 beyond); an owner keeps at most 100 views (**409** beyond).',
      example: { body: viewInput, response: view },
    },
    deleteColumnView: {
      description:
        'Deletes a column view. Its owner may delete it; a shared view of someone else needs the manager role (**403** otherwise). Another user’s private view is a 404, as is an unknown id. Answers 204.',
      example: { params: { id: viewId } },
    },
    listAutomationRules: {
      description:
        'Lists automation rules in the order they run (priority, then creation), filtered by `trigger` and `enabled`.',
      example: {
        query: { trigger: 'order.created', enabled: 'true' },
        response: { items: [rule], nextCursor: null },
      },
    },
    createAutomationRule: {
      description:
        'Creates a rule. Conditions must fit their field (an operator or value the field cannot take is a 400: no ordering on text, numbers for totals, an array for `in`). Statuses and warehouses that actions name must exist (400 naming each). A rule whose action would re-trigger it is applied once per write.',
      example: { body: ruleInput, response: rule },
    },
    listWorkOrderWarehouses: {
      description:
        'Lists the warehouses a work order may name: those that are active and accept work orders.',
      example: { query: { limit: '50' }, response: { items: [mainWarehouse], nextCursor: null } },
    },
    createWorkOrder: {
      description:
        'Moves stock in one warehouse and answers 201 with the applied work order: every line is one stock-ledger movement, all or none (beyond one transaction’s 100 items, up to 500 lines are staged and confirmed so the client still sees all or none). The warehouse must be active and accept work orders (400). A receipt takes positive quantities only (400). An inbound line needs `unitCost` while the SKU has no average cost in the warehouse (400 naming the line). A removal below zero on hand is a **409** with `shortfalls`.',
      example: {
        body: {
          warehouseId: mainWarehouseId,
          reason: 'assembly',
          lines: workOrderLines,
          note: 'Christmas gift sets: one mug and one tea each',
        },
        response: {
          id: workOrderId,
          warehouseId: mainWarehouseId,
          reason: 'assembly',
          lines: workOrderLines,
          note: 'Christmas gift sets: one mug and one tea each',
          status: 'applied',
          movementIds: [
            '01M6PR68JRZAD6845Y3YQWS065',
            '01M6QG7B5A7XBSBJ60JK565B02',
            '01M6R88DQWM9FDERZA5MPSSKET',
          ],
          createdAt: '2026-11-23T08:15:40.006Z',
          createdBy: 'jon.baptiste',
        },
      },
    },
  },
});
