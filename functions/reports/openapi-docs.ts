/** The reports group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { defineDocs } from '../../shared/openapi/docs';
import { exportAnswer, exportInput } from './exports/schemas';
import {
  agingAnswer,
  lowStockAnswer,
  movementsReportAnswer,
  stockLevelsAnswer,
  valuationAnswer,
  warehouseCapacityAnswer,
} from './inventory/schemas';
import { reportsCatalogue } from './routes';
import {
  dailyAnswer,
  dashboardAnswer,
  detailedAnswer,
  paymentsAnswer,
  sellersAnswer,
  summaryAnswer,
  trendAnswer,
} from './schemas';
import {
  pendingOrderSchema,
  pendingShipmentsAnswer,
  shippedManifestAnswer,
  shippedManifestDetailAnswer,
  shippedShipmentSchema,
} from './shipping/schemas';

// The same warehouses, vendor, source and alert rule as the inventory and inventory-alerts examples.
const leeds = { warehouseId: '01JD2K8M3N4P5Q6R7S8T9V0W1X', warehouseCode: 'LDS' };
const bristol = { warehouseId: '01JD2K8M3N4P5Q6R7S8T9V0W2Y', warehouseCode: 'BRS' };
const vendorId = '01JD1V2W3X4Y5Z6A7B8C9D0E1F';
const poSourceId = '01JD1P2Q3R4S5T6V7W8X9Y0Z1A';
const mugRuleId = '01JD3A1B2C3D4E5F6G7H8J9K0M';
const bestsellerRuleId = '01JD3A1B2C3D4E5F6G7H8J9K1N';
const manifestId = '01JD6M1N2P3Q4R5S6T7V8W9X0Y';
const shipmentIds = ['01JD6S1T2V3W4X5Y6Z7A8B9C0D', '01JD6S1T2V3W4X5Y6Z7A8B9C1E'];
const movementIds = ['01JD7M1N2P3Q4R5S6T7V8W9X0Y', '01JD7M1N2P3Q4R5S6T7V8W9X1Z'];
const exportId = '01JD8E1F2G3H4J5K6M7N8P9Q0R';
const zone = 'Europe/London';

const range = { from: '2026-11-21', to: '2026-11-22', timeZone: zone };

const pendingBuckets = (counts: Array<[number, number]>) =>
  (['0-1', '2-3', '4-7', '8-14', '15+'] as const).map((bucket, index) => ({
    bucket,
    orders: counts[index]![0],
    units: counts[index]![1],
  }));

const agingBuckets = (units: number[], unitCost: number) =>
  (['0-30', '31-60', '61-90', '91-120', '121-180', '180+'] as const).map((bucket, index) => ({
    bucket,
    units: units[index]!,
    value: units[index]! * unitCost,
  }));

const compare = (value: number, previous: number) => ({
  value,
  previous,
  change: value - previous,
  changePercent: previous === 0 ? null : Math.round(((value - previous) / previous) * 1000) / 10,
});

const exportDescription = (format: string, limits: string) =>
  `Renders any report of this group to ${format} in the files bucket: \`report\` names it (\`sales-detailed\`, \`low-stock\`, …) and \`query\` carries what its GET would carry in the URL, as text. The report’s own checks apply and name \`body.query.<name>\`; an unknown report or query name is a 400 and records nothing.\n\n\`201\` with a presigned URL and its \`expiresAt\` (at most 15 minutes) when the file is written in the request. ${limits} A longer report is written by the report jobs: \`202\` with \`status: "pending"\`, the export’s \`id\` and the URL the file will have (404 until it is written), and \`export.ready\` (or \`export.failed\`) is published when it is done. Accepts \`Idempotency-Key\`.`;

export const reportsDocs = defineDocs(reportsCatalogue, {
  components: {
    SalesSummary: {
      schema: summaryAnswer(),
      description:
        'Sales by channel and in total over a range of reporting days. Counts add up over currencies; money is given per currency and never summed across them.',
    },
    SalesMoney: {
      schema: summaryAnswer().def.shape.total.def.shape.money.def.element,
      description:
        'The money of some sales in one currency, in minor units: net = gross − discounts + tax + shipping − refunds, and the average order value net ÷ orders, rounded.',
    },
    SalesDaily: {
      schema: dailyAnswer(),
      description: 'Sales per reporting day over a range, every day present (zeros included).',
    },
    SalesDetailed: {
      schema: detailedAnswer(),
      description: 'A page of active order lines dated in a range of reporting days, oldest order first.',
    },
    SalesLine: {
      schema: detailedAnswer().def.shape.items.def.element,
      description: 'One active order line with its order’s date, channel, status and warehouse.',
    },
    PaymentsCollected: {
      schema: paymentsAnswer(),
      description:
        'Payments collected and refunds paid over a range: by method and day, by method, and in total.',
    },
    PaymentMethodRow: {
      schema: paymentsAnswer().def.shape.methods.def.element,
      description: 'What one payment method collected and refunded in one currency.',
    },
    PaymentTotals: {
      schema: paymentsAnswer().def.shape.total.def.element,
      description: 'What every method together collected and refunded in one currency.',
    },
    SellersReport: {
      schema: sellersAnswer(),
      description: 'The SKUs that sold most (top sellers) or least (worst sellers) over a range, ranked.',
    },
    SellerRow: {
      schema: sellersAnswer().def.shape.items.def.element,
      description: 'One ranked SKU with its orders, units and revenue per currency.',
    },
    DashboardSummary: {
      schema: dashboardAnswer(),
      description:
        'Today, the last 7 and the last 30 reporting days (today included), each against as many days before.',
    },
    DashboardPeriod: {
      schema: dashboardAnswer().def.shape.periods.def.element,
      description: 'One dashboard period and its figures, each compared with the period before it.',
    },
    DayRange: {
      schema: dashboardAnswer().def.shape.periods.def.element.def.shape.previous,
      description: 'A range of reporting days, both included.',
    },
    Comparison: {
      schema: dashboardAnswer().def.shape.periods.def.element.def.shape.orders,
      description:
        'A figure against the previous period’s: `change` = value − previous; `changePercent` null when previous is 0.',
    },
    MoneyComparison: {
      schema: dashboardAnswer().def.shape.periods.def.element.def.shape.revenue.def.element,
      description: 'An amount in one currency (minor units) against the previous period’s.',
    },
    SalesTrend: {
      schema: trendAnswer(),
      description:
        'Daily sales over a range beside the previous period of the same length, aligned day by day.',
    },
    SalesTrendDay: {
      schema: trendAnswer().def.shape.days.def.element,
      description: 'One day of the range and the matching day of the previous period.',
    },
    PendingShipments: {
      schema: pendingShipmentsAnswer(),
      description:
        'Orders waiting to ship (a status of the open or on-hold category with active units unshipped), by age since the order date in reporting days, by warehouse and by channel, with the oldest listed.',
    },
    AgeBucketCount: {
      schema: pendingShipmentsAnswer().def.shape.buckets.def.element,
      description: 'Orders and units in one age bucket (every bucket is listed, zeros included).',
    },
    PendingOrder: {
      schema: pendingOrderSchema(),
      description: 'An order waiting to ship, with its age and the units still to ship.',
    },
    ShippedManifest: {
      schema: shippedManifestAnswer(),
      description:
        'Shipments per ship date, carrier and warehouse over a range, with how many manifests handed over, and the manifests of the range.',
    },
    ShippedManifestRow: {
      schema: shippedManifestAnswer().def.shape.rows.def.element,
      description: 'Shipments of one ship date, carrier and warehouse.',
    },
    ManifestSummary: {
      schema: shippedManifestAnswer().def.shape.manifests.def.element,
      description: 'A carrier manifest of the range: its day, carrier, warehouse, state and shipments.',
    },
    ShippedManifestDetail: {
      schema: shippedManifestDetailAnswer(),
      description: 'A page of the shipments of a range, oldest ship date first.',
    },
    ShippedShipment: {
      schema: shippedShipmentSchema(),
      description: 'One shipment with its order, carrier, weight, cost and manifest.',
    },
    LowStockReport: {
      schema: lowStockAnswer(),
      description:
        'Every SKU and warehouse an enabled alert rule stands low for, with the reorder suggestion, the vendor and the numbers behind them.',
    },
    LowStockRow: {
      schema: lowStockAnswer().def.shape.items.def.element,
      description:
        'One SKU in one warehouse that alert rules hold low, with its suggestion and explanation: the figures of the rule that suggests the most (`appliedRule` says which and why).',
    },
    LowStockVendor: {
      schema: lowStockAnswer().def.shape.items.def.element.def.shape.vendor.def.innerType,
      description: 'The purchase-order source a suggestion buys through, and its vendor.',
    },
    LowStockRuleStanding: {
      schema: lowStockAnswer().def.shape.items.def.element.def.shape.rules.def.element,
      description: 'One alert rule holding the SKU low here, with what it suggests.',
    },
    StockLevels: {
      schema: stockLevelsAnswer(),
      description: 'A page of stock records, warehouse by warehouse (by code) in SKU order.',
    },
    StockLevel: {
      schema: stockLevelsAnswer().def.shape.items.def.element,
      description:
        'One SKU in one warehouse: on hand, allocated, available (max(0, on hand − allocated)), backordered (max(0, allocated − on hand)), average unit cost and value.',
    },
    InventoryMovements: {
      schema: movementsReportAnswer(),
      description: 'A page of the stock ledger over a range of reporting days, oldest first.',
    },
    StockMovement: {
      schema: movementsReportAnswer().def.shape.items.def.element,
      description: 'One movement of the stock ledger and the record’s figures after it.',
    },
    InventoryValuation: {
      schema: valuationAnswer(),
      description:
        'Units on hand valued per warehouse and SKU at average cost and at FIFO, now or at the end of a past reporting day (replayed from the ledger).',
    },
    ValuationWarehouse: {
      schema: valuationAnswer().def.shape.warehouses.def.element,
      description: 'One warehouse’s valuation, with its SKUs.',
    },
    ValuationSku: {
      schema: valuationAnswer().def.shape.warehouses.def.element.def.shape.items.def.element,
      description: 'One SKU’s valuation in a warehouse, with the receipt layers it has left.',
    },
    CostLayer: {
      schema:
        valuationAnswer().def.shape.warehouses.def.element.def.shape.items.def.element.def.shape.layers.def
          .element,
      description:
        'Units left of one receipt, at the unit cost they came in at (the FIFO layers, oldest first).',
    },
    InventoryAging: {
      schema: agingAnswer(),
      description:
        'Units on hand by age of receipt (FIFO: the units left are the latest received), per warehouse and SKU, in 0–30, 31–60, 61–90, 91–120, 121–180 and 180+ day buckets.',
    },
    AgingWarehouse: {
      schema: agingAnswer().def.shape.warehouses.def.element,
      description: 'One warehouse’s stock by age, with its SKUs.',
    },
    AgingBucketValue: {
      schema: agingAnswer().def.shape.warehouses.def.element.def.shape.buckets.def.element,
      description: 'Units and their value in one age bucket (every bucket is listed, zeros included).',
    },
    WarehouseCapacity: {
      schema: warehouseCapacityAnswer(),
      description: 'Units on hand against capacity per warehouse, with the last 30 reporting days.',
    },
    WarehouseCapacityRow: {
      schema: warehouseCapacityAnswer().def.shape.warehouses.def.element,
      description: 'One warehouse: capacity, units on hand, share used and its trend.',
    },
    ExportRequest: {
      schema: exportInput,
      description: 'A report to render, by name, with the query its GET would take.',
    },
    Export: {
      schema: exportAnswer(),
      description:
        'A rendered (or pending) report file: a presigned URL to download it, valid until `expiresAt`.',
    },
  },
  fields: {
    // Ranges and zones.
    from: 'First reporting day of the range (YYYY-MM-DD in the reporting time zone, included). In a query: from 1971-01-01; default with `to` the 30 days up to today.',
    to: 'Last reporting day of the range (YYYY-MM-DD in the reporting time zone, included). In a query: on or after `from`, at most 366 days after it (400 naming `query.to` otherwise).',
    timeZone:
      'The reporting time zone the days are in (an IANA name such as `Europe/London`; UTC by default).',
    today: 'Today’s date in the reporting time zone (YYYY-MM-DD).',
    day: 'A reporting day (YYYY-MM-DD in the reporting time zone).',
    generatedAt: 'When the report was made (UTC instant).',
    // Filters and identity.
    channel: 'A sales channel’s code (`amazon`, `shopify`).',
    'getSalesDetailed.channel': 'Only orders from this channel.',
    'getSalesSummary.channel': 'Only orders from this channel.',
    'getSalesDaily.channel': 'Only orders from this channel.',
    'getSalesTrend.channel': 'Only orders from this channel.',
    'getPendingShipments.channel': 'Only orders from this channel.',
    'getPendingShipmentsPdf.channel': 'Only orders from this channel.',
    currency: 'ISO 4217 currency code of the amounts beside it.',
    'getSalesDetailed.currency': 'Only orders in this ISO 4217 currency.',
    'getSalesSummary.currency': 'Only money in this ISO 4217 currency (counts still cover every order).',
    'getSalesDaily.currency': 'Only money in this ISO 4217 currency.',
    'getSalesTrend.currency': 'Only money in this ISO 4217 currency.',
    'getDashboard.currency': 'Only money in this ISO 4217 currency.',
    'getPaymentsCollected.currency': 'Only payments in this ISO 4217 currency.',
    'getTopSellers.currency':
      'The ISO 4217 currency revenue ranks in: required with `by=revenue`, a filter otherwise.',
    'getWorstSellers.currency':
      'The ISO 4217 currency revenue ranks in: required with `by=revenue`, a filter otherwise.',
    'InventoryMovements.currency':
      'The books currency unit costs are in (ISO 4217; `INVENTORY_CURRENCY`, USD by default).',
    'InventoryValuation.currency':
      'The books currency values are in (ISO 4217; `INVENTORY_CURRENCY`, USD by default).',
    'InventoryAging.currency':
      'The books currency values are in (ISO 4217; `INVENTORY_CURRENCY`, USD by default).',
    'StockLevel.currency':
      'The books currency of the cost and value (ISO 4217; `INVENTORY_CURRENCY`, USD by default).',
    sku: 'A SKU (1 to 64 letters, digits, `_ . - /`, case-sensitive).',
    'getSalesDetailed.sku': 'Only lines of this exact SKU.',
    'getStockLevels.sku': 'Only SKUs starting with this.',
    'getInventoryValuation.sku': 'Only SKUs starting with this.',
    'getInventoryAging.sku': 'Only SKUs starting with this.',
    'getInventoryMovements.sku': 'Only this exact SKU’s movements.',
    warehouseId: 'A warehouse’s id (ULID); null where the order has no warehouse assigned.',
    'getSalesDetailed.warehouseId': 'Only orders assigned to this warehouse.',
    'getPendingShipments.warehouseId': 'Only orders assigned to this warehouse.',
    'getPendingShipmentsPdf.warehouseId': 'Only orders assigned to this warehouse.',
    'getShippedManifest.warehouseId': 'Only shipments from this warehouse.',
    'getShippedManifestDetail.warehouseId': 'Only shipments from this warehouse.',
    'getLowStockReport.warehouseId': 'Only this warehouse (404 when it does not exist).',
    'getLowStockDownload.warehouseId': 'Only this warehouse (404 when it does not exist).',
    'getStockLevels.warehouseId': 'Only this warehouse (404 when it does not exist).',
    'getInventoryMovements.warehouseId': 'Only this warehouse’s movements (404 when it does not exist).',
    'getInventoryValuation.warehouseId': 'Only this warehouse (404 when it does not exist).',
    'getInventoryAging.warehouseId': 'Only this warehouse (404 when it does not exist).',
    'getWarehouseCapacity.warehouseId': 'Only this warehouse (404 when it does not exist).',
    warehouseCode: 'The warehouse’s code; null where the order has no warehouse assigned.',
    statusCategory:
      'The category of the order’s status: `open`, `on_hold`, `awaiting_payment`, `shipped` or `cancelled`.',
    'getSalesDetailed.statusCategory':
      'Only orders whose status is of this category: `open`, `on_hold`, `awaiting_payment` or `shipped` (a cancelled order has no active line).',
    'getPendingShipments.statusCategory':
      '`open` (awaiting shipment, backordered and custom statuses of that category) or `on_hold`.',
    'getPendingShipmentsPdf.statusCategory':
      '`open` (awaiting shipment, backordered and custom statuses of that category) or `on_hold`.',
    'PendingOrder.statusCategory': 'The category of the order’s status: `open` or `on_hold`.',
    statusId: 'The order’s status id (a built-in such as `awaiting-shipment`, or a custom status’s ULID).',
    limit: 'Page size, 1 to 200 (default 50).',
    'getTopSellers.limit': 'How many SKUs to rank, 1 to 200 (default 10).',
    'getWorstSellers.limit': 'How many SKUs to rank, 1 to 200 (default 10).',
    'getPendingShipments.limit': 'How many of the oldest orders to list, 1 to 200 (default 50).',
    'getPendingShipmentsPdf.limit':
      'Accepted for the same query as the report; the PDF lists every pending order.',
    cursor:
      'The `nextCursor` of the previous page, as given; absent for the first page. A tampered cursor is a 400.',
    nextCursor: 'Pass as `cursor` for the next page; null on the last page.',
    items: 'The page of results.',
    'SalesDetailed.items':
      'Order lines, oldest order first. A request reads at most 2,000 orders, so a rare filter over a long range may answer a short (even empty) page with a cursor to go on.',
    'SellersReport.items': 'The ranked SKUs, first `limit`.',
    'LowStockReport.items': 'One row per SKU and warehouse held low.',
    'ValuationWarehouse.items': 'The warehouse’s SKUs with units on hand, in SKU order.',
    'AgingWarehouse.items': 'The warehouse’s SKUs with units on hand, in SKU order.',
    // Sales.
    channels: 'Per channel.',
    total: 'Every channel together.',
    'PaymentsCollected.total': 'Every method together, per currency.',
    'PendingOrder.total': 'The order’s total in minor units of its currency.',
    days: 'Every day of the range, oldest first, zeros included.',
    orders: 'How many orders (with active lines) count here.',
    'SellerRow.orders': 'How many orders sold the SKU.',
    'SalesMoney.orders': 'How many of the orders are in this currency.',
    'SalesMoney.units': 'Units sold on active lines of the orders in this currency.',
    units: 'Units sold on active lines.',
    'AgeBucketCount.units': 'Active units not shipped yet.',
    'PendingShipments.units': 'Active units not shipped yet, all pending orders together.',
    'AgingBucketValue.units': 'Units on hand received within the bucket’s ages.',
    money: 'Money per currency: never summed across currencies.',
    gross: 'Quantity × unit price of the active lines, in minor units.',
    discounts: 'Discounts, in minor units.',
    tax: 'Tax, in minor units.',
    shipping: 'Shipping charged, in minor units.',
    refunds: 'Refunds of returned goods, in minor units (they leave `net`).',
    'PaymentMethodRow.refunds': 'How many refunds were paid.',
    'PaymentTotals.refunds': 'How many refunds were paid.',
    net: 'gross − discounts + tax + shipping − refunds, in minor units.',
    'PaymentMethodRow.net': 'collected − refunded, in minor units.',
    'PaymentTotals.net': 'collected − refunded, in minor units.',
    averageOrderValue: 'net ÷ orders, rounded to a whole minor unit.',
    'DashboardPeriod.averageOrderValue':
      'Average order value (net ÷ orders) per currency, in minor units, against the previous period.',
    orderId: 'The order’s id: the channel’s order id.',
    orderDate: 'When the order was placed (UTC instant); it counts on this day in the reporting zone.',
    itemId: 'The order line’s item id, unique within its order.',
    title: 'The line’s product title.',
    quantity: 'Units on the line.',
    'StockMovement.quantity':
      'Change of units on hand (signed: negative for units out). Allocations and releases move `allocatedChange` and leave this 0.',
    'CostLayer.quantity': 'Units of the receipt still on hand.',
    unitPrice: 'Price of one unit, in minor units.',
    discount: 'The line’s discount, in minor units (never more than quantity × unit price).',
    lineTotal: 'quantity × unitPrice − discount + tax, in minor units.',
    // Payments.
    method: 'The payment method: `card`, `cash`, `bank_transfer`, `paypal`, `store_credit` or `other`.',
    'getPaymentsCollected.method': 'Only this payment method.',
    methods: 'Per payment method and currency.',
    payments: 'How many payments were collected.',
    collected: 'Amount collected, in minor units.',
    refunded: 'Amount refunded, in minor units.',
    // Sellers.
    by: 'What ranks: `units` (default) or `revenue` (in one `currency`, then required). Ties by SKU.',
    rank: 'Position in the ranking, from 1.',
    revenue: 'Revenue per currency: `{currency, amount}` in minor units.',
    'DashboardPeriod.revenue': 'Net sales per currency, in minor units, against the previous period.',
    'SalesTrendDay.revenue': 'Net sales per currency, in minor units, against the previous period’s day.',
    amount: 'An amount in minor units of its currency.',
    onHand: 'Units on hand.',
    'SellerRow.onHand': 'Worst sellers only: units on hand over every warehouse.',
    // Dashboard and trend.
    periods: '`today`, `last7Days` and `last30Days`, in that order.',
    period: 'Which period: `today`, `last7Days` or `last30Days` (today included).',
    previous: 'The figure over the previous period.',
    'DashboardPeriod.previous': 'The as many days just before the period.',
    'SalesTrend.previous': 'The previous period: as many days just before the range.',
    awaitingShipment: 'Of the period’s orders, those with active units not shipped yet.',
    value: 'The figure over the period.',
    'StockLevel.value': 'onHand × averageUnitCost, in minor units of the books currency.',
    'AgingBucketValue.value':
      'The units’ value at their receipt costs, in minor units of the books currency.',
    change: 'value − previous.',
    changePercent: 'The change in percent of previous, one decimal; null when previous is 0.',
    previousDay: 'The matching day of the previous period.',
    // Pending shipments.
    buckets: 'Per age bucket, every bucket listed.',
    'AgingWarehouse.buckets': 'Units and value per age bucket, every bucket listed.',
    bucket: 'Age bucket in whole reporting days since the order date: `0-1`, `2-3`, `4-7`, `8-14`, `15+`.',
    'AgingBucketValue.bucket':
      'Age bucket in reporting days since receipt: `0-30`, `31-60`, `61-90`, `91-120`, `121-180`, `180+`.',
    byWarehouse: 'Per assigned warehouse (a null warehouse for orders with none).',
    byChannel: 'Per channel.',
    oldest: 'The oldest pending orders, oldest first, at most `limit`.',
    ageDays: 'Whole reporting days since the order’s day (0 on the day it was placed).',
    unitsUnshipped: 'Active units not shipped yet.',
    // Shipped manifest.
    carrier: 'The carrier’s code (`royal_mail`, `dpd`).',
    'getShippedManifest.carrier': 'Only this carrier’s shipments.',
    'getShippedManifestDetail.carrier': 'Only this carrier’s shipments.',
    status: 'The shipment’s state: `active`, or `voided` (a voided label, a removed manual shipment).',
    'getShippedManifest.status': '`active` (default) or `voided`: which shipments the report covers.',
    'getShippedManifestDetail.status': '`active` (default) or `voided`: which shipments the report lists.',
    'ManifestSummary.status': '`open` (taking shipments), `closing` or `closed` (handed to the carrier).',
    rows: 'Per ship date, carrier and warehouse, oldest first.',
    totals: 'Every row together.',
    manifests: 'The carrier manifests of the range.',
    shipments: 'How many shipments.',
    packages: 'How many packages.',
    weightGrams: 'Weight in grams.',
    cost: 'Postage paid per currency: `{currency, amount}` in minor units.',
    'ShippedShipment.cost':
      'Postage paid, in minor units of `currency`; null when not known (manual shipments).',
    'ShippedShipment.currency': 'ISO 4217 currency of the cost; null without a cost.',
    onClosedManifests: 'Shipments on a closed manifest (handed to the carrier).',
    onOpenManifests: 'Shipments on a manifest still open or closing.',
    withoutManifest: 'Shipments on no manifest (manual ones, or labels of carriers without manifests).',
    id: 'The resource’s id (a ULID).',
    closedAt: 'When the manifest was closed (UTC instant); null while open.',
    pickupReference: 'The carrier’s pickup or collection reference for the manifest; null without one.',
    shipmentId: 'The shipment’s id (ULID).',
    shipDate: 'The ship date (YYYY-MM-DD).',
    service: 'The carrier’s service (`tracked48`).',
    trackingNumber: 'The carrier’s tracking number.',
    source: 'How the shipment was made: `label` (bought through a carrier), `manual` or `replacement`.',
    manifestId: 'The manifest the shipment is on; null when none.',
    manifestStatus: 'The manifest’s state (`open`, `closing`, `closed`); null without a manifest.',
    // Low stock.
    vendorId: 'The vendor (ULID).',
    'getLowStockReport.vendorId': 'Only rows whose suggested vendor is this one.',
    'getLowStockDownload.vendorId': 'Only rows whose suggested vendor is this one.',
    ruleId: 'The alert rule (ULID).',
    'getLowStockReport.ruleId': 'Only SKUs this alert rule holds low (404 when it does not exist).',
    'getLowStockDownload.ruleId': 'Only SKUs this alert rule holds low (404 when it does not exist).',
    alertsEnabled:
      'Whether the alert settings are on. While off, the standings do not move and the report shows them as they were left.',
    available: 'Units on hand not allocated to orders: max(0, onHand − allocated).',
    velocity: 'Units sold a day over the look-back window (days in stock), before seasonal factors.',
    daysOfCover: 'available ÷ (velocity × seasonal factor); null when nothing sells.',
    'LowStockRow.suggestedQuantity':
      'Units to reorder, by the applied rule: velocity × factor × (lead time + safety days) − available, raised to what the stock rule’s minimum level lacks, then to at least the minimum order quantity, then up to whole packs; cut by the stock rule’s maximum to the most whole packs that fit (0 when not even one minimum order fits).',
    'LowStockRuleStanding.suggestedQuantity':
      'What this rule suggests (rules may set their own lead time and safety days).',
    'LowStockRow.leadTimeDays':
      'The lead time in days the suggestion used (the Excel download’s "Lead time (days)" column); null for figures assessed before it was recorded.',
    'LowStockRuleStanding.leadTimeDays': 'The lead time in days this rule’s suggestion used.',
    leadTimeFrom:
      'Where that lead time came from: `rule` (the alert rule’s own, a `cover_below` condition’s), `po-source` (the source’s own), `vendor` (the source names none: its vendor’s) or `alert settings` (no source).',
    appliedRule:
      'The alert rule whose figures the row shows: the largest suggestion of the rules holding the SKU low here (equal ones by name), with the reason in words.',
    'LowStockRow.reason': 'Why this rule’s figures, in words, with what the other rules suggest.',
    vendor:
      'The suggested vendor: the purchase-order source into this warehouse with the lowest unit cost (ties: shorter lead time) from active vendors; null without one.',
    vendorName: 'The vendor’s name; null when unknown.',
    poSourceId: 'The purchase-order source (ULID) the suggestion buys through.',
    unitCost: 'The source’s unit cost: `{amount, currency}`, minor units in the vendor’s currency.',
    'StockMovement.unitCost':
      'Cost of one unit moved in, in minor units of the books currency; null for movements that carry none.',
    'CostLayer.unitCost': 'Cost of one unit of the receipt, in minor units of the books currency.',
    'LowStockVendor.leadTimeDays':
      'The source’s lead time in days (its own, else its vendor’s); the suggestion used it unless the alert rule sets its own (see `leadTimeFrom`).',
    rules: 'The enabled alert rules that hold this SKU low here.',
    ruleName: 'The alert rule’s name.',
    lowSince: 'When the SKU became low here (UTC instant); null when not known.',
    assessedAt: 'When the figures were last assessed (on each stock change and the daily run), UTC instant.',
    explanation:
      'Every input of the suggestion with its value, so a person can recompute it: stock (`onHand`, `allocated`, `available`); the sales window (`window` from, to, days), `unitsSold`, `daysInStock` and `velocity` (units sold ÷ days in stock, or ÷ the window’s days when never in stock; 3 places); the days ahead (`horizon`), `seasonalFactor` (3 places: the mean over those days of `seasonalFactorDays`, each group’s product of multipliers held within `seasonalFactorBounds` 0.01–20) and `seasonalFactors` (each by id and name, multiplier, period and days applied); `leadTimeDays`, `leadTimeFrom` and `leadTimeSetBy` (kind, id, name: which rule, source or vendor), `safetyDays` and `safetyDaysFrom`; `daysOfCover`, `condition`, `conditionHolds`; `demand` = velocity × factor × (lead + safety), `shortfall` = demand − available − `openOnWorkOrders`; `minLevel` and `belowMinLevel` (what the minimum level lacks), `needed` (the larger of the two, `neededFor` says which); `minimumOrderQuantity`, `packSize`, `roundedToMinimum` (the order before the cap); `maxLevel`, `roomUnderMax`, `capped`, `capReason`; `stockRule` (which stock rule and period set the levels, and why: the most specific of those matching); `suggestedQuantity`, `minLevelMet`; the `vendor` and why it was chosen; and `text`, all of it in one line of words.',
    // Stock levels and movements.
    inStock: '`true`: only records with units on hand.',
    backordered: 'Units allocated beyond what is on hand: max(0, allocated − onHand).',
    'getStockLevels.backordered': '`true`: only records whose allocations exceed what is on hand.',
    allocated: 'Units promised to unshipped orders.',
    averageUnitCost: 'Average cost of a unit on hand, in minor units of the books currency.',
    updatedAt: 'When the stock record last changed (UTC instant).',
    type: 'The movement’s kind: `receipt`, `adjustment`, `assembly`, `count`, `allocation`, `release`, `shipment`, `shipment_reversal` or `return`.',
    'getInventoryMovements.type': 'Only movements of this kind.',
    at: 'When the movement happened (UTC instant).',
    allocatedChange: 'Change of units allocated (signed).',
    reference: 'What made the movement, as `<type> <id>` (`order 206-4418821-7730712`); null without one.',
    onHandAfter: 'Units on hand after the movement.',
    availableAfter: 'Units available after the movement.',
    // Valuation, aging and capacity.
    asOf: 'The reporting day whose end is valued (replayed from the ledger); null (or absent in the query) for now.',
    warehouses: 'Per warehouse, by code.',
    averageValue: 'On hand valued at average cost, in minor units of the books currency.',
    fifoValue:
      'On hand valued at the costs of the receipt layers left (FIFO), in minor units of the books currency.',
    layers: 'The receipt layers left, oldest first.',
    receivedAt: 'When the layer’s units were received (UTC instant).',
    name: 'The warehouse’s name.',
    active: 'Whether the warehouse is active.',
    capacity: 'Units the warehouse can hold; null when unbounded.',
    unitsOnHand: 'Units on hand, all SKUs together.',
    skusHeld: 'SKUs with units on hand.',
    capacityUsed: 'unitsOnHand ÷ capacity (1 is full, above 1 over capacity); null without a capacity.',
    trend: 'Units on hand at the end of each of the last 30 reporting days, oldest first (today: now).',
    // Exports.
    report:
      'The report by name: `sales-detailed`, `sales-summary`, `sales-daily`, `payments-collected`, `top-sellers`, `worst-sellers`, `dashboard`, `sales-trend`, `pending-shipments`, `shipped-manifest`, `shipped-manifest-detail`, `low-stock`, `stock-levels`, `movements`, `valuation`, `aging`, `warehouse-capacity`.',
    query:
      'The report’s query as its GET would carry it in the URL: names to text values (`{"from": "2026-11-01"}`), at most 64 characters a name and 2,048 a value; default none.',
    'Export.id': 'The export’s id (ULID).',
    'Export.status': '`ready`: the file is there (201). `pending`: the report jobs are writing it (202).',
    format: '`excel` or `pdf`.',
    fileName: 'The file’s name as a download saves it (`<report title> <day>.xlsx`).',
    contentType: 'The file’s media type.',
    url: 'A presigned GET of the file, valid until `expiresAt`. While the export is pending it answers 404; the same URL answers the file once it is written.',
    expiresAt: 'When the URL stops working (UTC instant, at most 15 minutes after the answer).',
    rowCount: 'Rows written (ready exports).',
    bytes: 'The file’s size in bytes (ready exports).',
  },
  operations: {
    getSalesDetailed: {
      description:
        'Active order lines of orders dated in a range of reporting days, oldest order first, `limit` lines a page: order, date, reporting day, channel, status and its category, warehouse, item, SKU, title, quantity, unit price, discount, tax and line total (quantity × price − discount + tax), in minor units of the order’s currency.\n\nFilters: `channel`, `sku`, `warehouseId`, `statusCategory`, `currency`. Without `from`/`to` the range is the 30 days up to today; more than 366 days or `to` before `from` is a 400. A request reads at most 2,000 orders: a rare filter over a long range may answer a short page with a cursor to go on.',
      example: {
        query: { from: '2026-11-21', to: '2026-11-22', channel: 'amazon', limit: '2' },
        response: {
          ...range,
          items: [
            {
              orderId: '206-4418821-7730712',
              orderDate: '2026-11-21T09:42:10.000Z',
              day: '2026-11-21',
              channel: 'amazon',
              statusId: 'shipped',
              statusCategory: 'shipped',
              warehouseId: leeds.warehouseId,
              itemId: '51873300215931',
              sku: 'MUG-BLUE',
              title: 'Stoneware mug, navy',
              quantity: 2,
              unitPrice: 1299,
              discount: 200,
              tax: 480,
              lineTotal: 2878,
              currency: 'GBP',
            },
            {
              orderId: '206-4418821-7730712',
              orderDate: '2026-11-21T09:42:10.000Z',
              day: '2026-11-21',
              channel: 'amazon',
              statusId: 'shipped',
              statusCategory: 'shipped',
              warehouseId: leeds.warehouseId,
              itemId: '51873300215932',
              sku: 'TSHIRT-M-BLK',
              title: 'Organic T-shirt, black, M',
              quantity: 1,
              unitPrice: 1800,
              discount: 0,
              tax: 360,
              lineTotal: 2160,
              currency: 'GBP',
            },
          ],
          nextCursor: 'eyJvIjoiMjA2LTQ0MTg4MjEtNzczMDcxMiIsImwiOjJ9.c2ln',
        },
      },
    },
    getSalesSummary: {
      description:
        'Sales over a range of reporting days by channel and in total: orders, units, and per currency gross, discounts, tax, shipping, refunds, net (gross − discounts + tax + shipping − refunds) and average order value (net ÷ orders, rounded). An order counts on the day of its `orderDate` with its active lines only. Read from the daily aggregates, so a year costs about a year of cells whatever the number of orders.\n\nFilters: `channel`, `currency`. Without `from`/`to` the range is the 30 days up to today; more than 366 days or `to` before `from` is a 400.',
      example: {
        query: { from: '2026-11-16', to: '2026-11-22' },
        response: {
          from: '2026-11-16',
          to: '2026-11-22',
          timeZone: zone,
          channels: [
            {
              channel: 'amazon',
              orders: 42,
              units: 57,
              money: [
                {
                  currency: 'GBP',
                  orders: 42,
                  units: 57,
                  gross: 189650,
                  discounts: 4200,
                  tax: 37090,
                  shipping: 12600,
                  refunds: 3500,
                  net: 231640,
                  averageOrderValue: 5515,
                },
              ],
            },
            {
              channel: 'shopify',
              orders: 18,
              units: 23,
              money: [
                {
                  currency: 'GBP',
                  orders: 18,
                  units: 23,
                  gross: 84200,
                  discounts: 0,
                  tax: 16840,
                  shipping: 5400,
                  refunds: 0,
                  net: 106440,
                  averageOrderValue: 5913,
                },
              ],
            },
          ],
          total: {
            orders: 60,
            units: 80,
            money: [
              {
                currency: 'GBP',
                orders: 60,
                units: 80,
                gross: 273850,
                discounts: 4200,
                tax: 53930,
                shipping: 18000,
                refunds: 3500,
                net: 338080,
                averageOrderValue: 5635,
              },
            ],
          },
        },
      },
    },
    getSalesDaily: {
      description:
        'The sales summary’s figures for every reporting day of the range, zeros included, each day with every currency the range sold in. Filters: `channel`, `currency`. Without `from`/`to` the range is the 30 days up to today; more than 366 days is a 400.',
      example: {
        query: { from: '2026-11-21', to: '2026-11-22', currency: 'GBP' },
        response: {
          ...range,
          days: [
            {
              day: '2026-11-21',
              orders: 9,
              units: 12,
              money: [
                {
                  currency: 'GBP',
                  orders: 9,
                  units: 12,
                  gross: 41200,
                  discounts: 600,
                  tax: 8120,
                  shipping: 2700,
                  refunds: 0,
                  net: 51420,
                  averageOrderValue: 5713,
                },
              ],
            },
            {
              day: '2026-11-22',
              orders: 0,
              units: 0,
              money: [
                {
                  currency: 'GBP',
                  orders: 0,
                  units: 0,
                  gross: 0,
                  discounts: 0,
                  tax: 0,
                  shipping: 0,
                  refunds: 0,
                  net: 0,
                  averageOrderValue: 0,
                },
              ],
            },
          ],
        },
      },
    },
    getPaymentsCollected: {
      description:
        'Payments collected over a range of reporting days, by method and day (every day), by method, and in total, per currency: payments and amount collected, refunds and amount refunded, and net. Filters: `method`, `currency`. Without `from`/`to` the range is the 30 days up to today; more than 366 days is a 400.',
      example: {
        query: { from: '2026-11-21', to: '2026-11-22', method: 'card' },
        response: {
          ...range,
          days: [
            {
              day: '2026-11-21',
              methods: [
                {
                  method: 'card',
                  currency: 'GBP',
                  payments: 7,
                  collected: 40220,
                  refunds: 1,
                  refunded: 3500,
                  net: 36720,
                },
              ],
            },
            {
              day: '2026-11-22',
              methods: [
                {
                  method: 'card',
                  currency: 'GBP',
                  payments: 0,
                  collected: 0,
                  refunds: 0,
                  refunded: 0,
                  net: 0,
                },
              ],
            },
          ],
          methods: [
            {
              method: 'card',
              currency: 'GBP',
              payments: 7,
              collected: 40220,
              refunds: 1,
              refunded: 3500,
              net: 36720,
            },
          ],
          total: [{ currency: 'GBP', payments: 7, collected: 40220, refunds: 1, refunded: 3500, net: 36720 }],
        },
      },
    },
    getTopSellers: {
      description:
        'The first `limit` SKUs (default 10) that sold most over a range, ranked by `by=units` (default) or `by=revenue` in one `currency` (then required: revenue never ranks across currencies), ties by SKU. Without `from`/`to` the range is the 30 days up to today.',
      example: {
        query: { from: '2026-11-16', to: '2026-11-22', by: 'revenue', currency: 'GBP', limit: '2' },
        response: {
          from: '2026-11-16',
          to: '2026-11-22',
          timeZone: zone,
          by: 'revenue',
          items: [
            {
              rank: 1,
              sku: 'TSHIRT-M-BLK',
              orders: 31,
              units: 38,
              revenue: [{ currency: 'GBP', amount: 68400 }],
            },
            {
              rank: 2,
              sku: 'MUG-BLUE',
              orders: 22,
              units: 41,
              revenue: [{ currency: 'GBP', amount: 53259 }],
            },
          ],
        },
      },
    },
    getWorstSellers: {
      description:
        'The first `limit` SKUs (default 10) that sold least over a range, by units or by revenue in one currency. SKUs with stock on hand that sold nothing come first; every row gives its units `onHand` over all warehouses, and among equal sales the one with more on hand comes first.',
      example: {
        query: { from: '2026-11-16', to: '2026-11-22', limit: '2' },
        response: {
          from: '2026-11-16',
          to: '2026-11-22',
          timeZone: zone,
          by: 'units',
          items: [
            { rank: 1, sku: 'TEAPOT-GREEN', orders: 0, units: 0, revenue: [], onHand: 64 },
            {
              rank: 2,
              sku: 'MUG-RED',
              orders: 1,
              units: 1,
              revenue: [{ currency: 'GBP', amount: 1299 }],
              onHand: 120,
            },
          ],
        },
      },
    },
    getDashboard: {
      description:
        'Today, the last 7 and the last 30 reporting days (today included), each against as many days before: orders, units, orders awaiting shipment (of the period’s orders, those with units still to ship), revenue (net) and average order value per currency, each as `value`, `previous`, `change` and `changePercent` (null against 0). Filter: `currency`.',
      example: {
        query: { currency: 'GBP' },
        response: {
          today: '2026-11-22',
          timeZone: zone,
          periods: [
            {
              period: 'today',
              from: '2026-11-22',
              to: '2026-11-22',
              previous: { from: '2026-11-21', to: '2026-11-21' },
              orders: compare(4, 9),
              units: compare(5, 12),
              awaitingShipment: compare(4, 1),
              revenue: [{ currency: 'GBP', ...compare(22860, 51420) }],
              averageOrderValue: [{ currency: 'GBP', ...compare(5715, 5713) }],
            },
            {
              period: 'last7Days',
              from: '2026-11-16',
              to: '2026-11-22',
              previous: { from: '2026-11-09', to: '2026-11-15' },
              orders: compare(60, 48),
              units: compare(80, 66),
              awaitingShipment: compare(6, 0),
              revenue: [{ currency: 'GBP', ...compare(338080, 270100) }],
              averageOrderValue: [{ currency: 'GBP', ...compare(5635, 5627) }],
            },
          ],
        },
      },
    },
    getSalesTrend: {
      description:
        'Orders, units and revenue (net, per currency) for each day of a range beside the same day of the previous period of the same length (`previousDay`), compared as on the dashboard. Filters: `channel`, `currency`. Without `from`/`to` the range is the 30 days up to today; more than 366 days is a 400.',
      example: {
        query: { from: '2026-11-21', to: '2026-11-22', currency: 'GBP' },
        response: {
          ...range,
          previous: { from: '2026-11-19', to: '2026-11-20' },
          days: [
            {
              day: '2026-11-21',
              previousDay: '2026-11-19',
              orders: compare(9, 7),
              units: compare(12, 9),
              revenue: [{ currency: 'GBP', ...compare(51420, 38800) }],
            },
            {
              day: '2026-11-22',
              previousDay: '2026-11-20',
              orders: compare(4, 8),
              units: compare(5, 10),
              revenue: [{ currency: 'GBP', ...compare(22860, 44950) }],
            },
          ],
        },
      },
    },
    getPendingShipments: {
      description:
        'Orders in a status of the `open` or `on_hold` category with active units still to ship: counts and units by age bucket (whole reporting days since the order date: `0-1`, `2-3`, `4-7`, `8-14`, `15+`), by warehouse and by channel (each with its buckets), and the `limit` oldest orders. Filters: `warehouseId`, `channel`, `statusCategory`.',
      example: {
        query: { warehouseId: leeds.warehouseId, limit: '2' },
        response: {
          today: '2026-11-22',
          timeZone: zone,
          generatedAt: '2026-11-22T10:05:00.000Z',
          orders: 3,
          units: 5,
          buckets: pendingBuckets([
            [1, 1],
            [1, 3],
            [0, 0],
            [1, 1],
            [0, 0],
          ]),
          byWarehouse: [
            {
              ...leeds,
              orders: 3,
              units: 5,
              buckets: pendingBuckets([
                [1, 1],
                [1, 3],
                [0, 0],
                [1, 1],
                [0, 0],
              ]),
            },
          ],
          byChannel: [
            {
              channel: 'amazon',
              orders: 3,
              units: 5,
              buckets: pendingBuckets([
                [1, 1],
                [1, 3],
                [0, 0],
                [1, 1],
                [0, 0],
              ]),
            },
          ],
          oldest: [
            {
              orderId: '206-1190475-5521893',
              channel: 'amazon',
              orderDate: '2026-11-12T16:20:00.000Z',
              day: '2026-11-12',
              ageDays: 10,
              bucket: '8-14',
              statusId: 'on-hold',
              statusCategory: 'on_hold',
              ...leeds,
              unitsUnshipped: 1,
              total: 2160,
              currency: 'GBP',
            },
            {
              orderId: '206-7734012-0048211',
              channel: 'amazon',
              orderDate: '2026-11-19T11:03:00.000Z',
              day: '2026-11-19',
              ageDays: 3,
              bucket: '2-3',
              statusId: 'awaiting-shipment',
              statusCategory: 'open',
              ...leeds,
              unitsUnshipped: 3,
              total: 4377,
              currency: 'GBP',
            },
          ],
        },
      },
    },
    getShippedManifest: {
      description:
        'Shipments per ship date, carrier and warehouse over a range: count, packages, weight, cost per currency, and how many a closed manifest handed over, wait on an open one, or joined none; with the manifests of the range. Read from the shipment totals and the manifests, never the shipments themselves. Filters: `carrier`, `warehouseId`, `status` (`active` by default, `voided`).',
      example: {
        query: { from: '2026-11-21', to: '2026-11-22', carrier: 'royal_mail' },
        response: {
          ...range,
          rows: [
            {
              day: '2026-11-21',
              carrier: 'royal_mail',
              ...leeds,
              shipments: 14,
              packages: 15,
              weightGrams: 9820,
              cost: [{ currency: 'GBP', amount: 5460 }],
              onClosedManifests: 14,
              onOpenManifests: 0,
              withoutManifest: 0,
            },
          ],
          totals: {
            shipments: 14,
            packages: 15,
            weightGrams: 9820,
            cost: [{ currency: 'GBP', amount: 5460 }],
            onClosedManifests: 14,
            onOpenManifests: 0,
            withoutManifest: 0,
          },
          manifests: [
            {
              id: manifestId,
              day: '2026-11-21',
              carrier: 'royal_mail',
              warehouseId: leeds.warehouseId,
              warehouseCode: leeds.warehouseCode,
              status: 'closed',
              shipments: 14,
              closedAt: '2026-11-21T16:30:00.000Z',
              pickupReference: 'RM-PU-55120931',
            },
          ],
        },
      },
    },
    getShippedManifestDetail: {
      description:
        'Each shipment of a range, oldest ship date first, `limit` a page: its order, tracking number, carrier and service, how it was made, warehouse, packages, weight, cost, and its manifest with the manifest’s state. Filters as the shipped-manifest report.',
      example: {
        query: { from: '2026-11-21', to: '2026-11-21', limit: '2' },
        response: {
          from: '2026-11-21',
          to: '2026-11-21',
          timeZone: zone,
          items: [
            {
              shipmentId: shipmentIds[0]!,
              orderId: '206-4418821-7730712',
              shipDate: '2026-11-21',
              carrier: 'royal_mail',
              service: 'tracked48',
              trackingNumber: 'TT123456785GB',
              source: 'label',
              status: 'active',
              ...leeds,
              packages: 1,
              weightGrams: 780,
              cost: 390,
              currency: 'GBP',
              manifestId,
              manifestStatus: 'closed',
            },
            {
              shipmentId: shipmentIds[1]!,
              orderId: '5521',
              shipDate: '2026-11-21',
              carrier: 'dpd',
              service: 'next-day',
              trackingNumber: '15501234567890',
              source: 'manual',
              status: 'active',
              ...bristol,
              packages: 2,
              weightGrams: 4200,
              cost: null,
              currency: null,
              manifestId: null,
              manifestStatus: null,
            },
          ],
          nextCursor: null,
        },
      },
    },
    getLowStockReport: {
      description:
        'Every SKU and warehouse an enabled alert rule stands low for, one row per SKU and warehouse naming its rules with what each suggests: on hand, available, velocity, days of cover, the reorder suggestion and the lead time it used, the suggested vendor and the explanation of every number (structured, and in words in `explanation.text`). Where several rules hold a SKU low, the row shows the figures of the one that suggests the most, and `appliedRule` says which and why. The standings are kept current by the alert evaluation on each stock change and daily; `alertsEnabled` says whether they are moving.\n\nFilters: `warehouseId`, `vendorId`, `ruleId`; a warehouse or rule that does not exist is a 404.',
      example: {
        query: { warehouseId: leeds.warehouseId },
        response: {
          timeZone: zone,
          generatedAt: '2026-11-24T07:00:00.000Z',
          alertsEnabled: true,
          items: [
            {
              sku: 'MUG-BLUE',
              ...leeds,
              onHand: 14,
              available: 12,
              velocity: 3.2,
              daysOfCover: 3.75,
              suggestedQuantity: 60,
              leadTimeDays: 14,
              leadTimeFrom: 'rule',
              vendor: {
                vendorId,
                vendorName: 'Northern Pottery Ltd',
                poSourceId,
                unitCost: { amount: 350, currency: 'GBP' },
                leadTimeDays: 10,
              },
              rules: [
                {
                  ruleId: bestsellerRuleId,
                  ruleName: 'Bestsellers under cover',
                  suggestedQuantity: 60,
                  leadTimeDays: 14,
                },
                { ruleId: mugRuleId, ruleName: 'Mugs low in Leeds', suggestedQuantity: 60, leadTimeDays: 10 },
              ],
              appliedRule: {
                ruleId: bestsellerRuleId,
                ruleName: 'Bestsellers under cover',
                reason:
                  'the largest suggestion (60) of the 2 alert rules holding this SKU low here, shared with Mugs low in Leeds: the first by name; the others suggest: Mugs low in Leeds 60',
              },
              lowSince: '2026-11-23T13:02:41.000Z',
              assessedAt: '2026-11-24T06:00:02.000Z',
              explanation: {
                onHand: 14,
                allocated: 2,
                available: 12,
                window: {
                  from: '2026-10-24',
                  to: '2026-11-22',
                  days: 30,
                },
                unitsSold: 96,
                daysInStock: 30,
                velocity: 3.2,
                velocityOver: 'days in stock',
                horizon: {
                  from: '2026-11-24',
                  to: '2026-12-12',
                  days: 19,
                },
                seasonalFactor: 1.132,
                seasonalFactors: [
                  {
                    id: '01JD4F1A2B3C4D5E6F7G8H9J0K',
                    name: 'Black Friday week',
                    multiplier: 1.5,
                    applies: {
                      from: '2026-11-27',
                      to: '2026-12-01',
                    },
                    days: 5,
                  },
                ],
                seasonalFactorDays: [
                  {
                    days: 14,
                    factorIds: [],
                    product: 1,
                    factor: 1,
                  },
                  {
                    days: 5,
                    factorIds: ['01JD4F1A2B3C4D5E6F7G8H9J0K'],
                    product: 1.5,
                    factor: 1.5,
                  },
                ],
                seasonalFactorBounds: {
                  min: 0.01,
                  max: 20,
                },
                leadTimeDays: 14,
                leadTimeFrom: 'rule',
                leadTimeSetBy: {
                  kind: 'rule',
                  id: bestsellerRuleId,
                  name: 'Bestsellers under cover',
                },
                safetyDays: 5,
                safetyDaysFrom: 'alert settings',
                daysOfCover: 3.31,
                condition: {
                  type: 'cover_below',
                  leadTimeDays: 14,
                },
                conditionHolds: true,
                demand: 68.826,
                openOnWorkOrders: 0,
                shortfall: 56.826,
                minLevel: 40,
                belowMinLevel: 28,
                needed: 56.826,
                neededFor: 'demand',
                minimumOrderQuantity: 40,
                packSize: 20,
                roundedToMinimum: 60,
                maxLevel: 150,
                stockRuleId: '01JD5R1A2B3C4D5E6F7G8H9J0K',
                rulePeriodId: null,
                stockRule: {
                  stockRuleId: '01JD5R1A2B3C4D5E6F7G8H9J0K',
                  skuPattern: 'MUG-*',
                  warehouseId: leeds.warehouseId,
                  rulePeriodId: null,
                  rulePeriod: null,
                  minLevel: 40,
                  maxLevel: 150,
                  reason:
                    'the most specific of 2 enabled stock rules matching (prefix MUG-*, this warehouse)',
                },
                roomUnderMax: 138,
                capped: false,
                capReason: null,
                suggestedQuantity: 60,
                minLevelMet: true,
                vendor: {
                  vendorId: vendorId,
                  vendorName: 'Northern Pottery Ltd',
                  poSourceId: poSourceId,
                  unitCost: {
                    amount: 350,
                    currency: 'GBP',
                  },
                  leadTimeDays: 10,
                  minimumOrderQuantity: 40,
                  packSize: 20,
                  reason: 'the only purchase-order source receiving into this warehouse',
                },
                text: "Velocity 3.2/day: 96 sold ÷ 30 days in stock, 2026-10-24 to 2026-11-22. Seasonal factor 1.132: mean over 2026-11-24 to 2026-12-12 (19 days) of 14 days at 1 (no factor), 5 days at 1.5 (Black Friday week ×1.5). Lead time 14 days (alert rule Bestsellers under cover's own, instead of the source's 10 days) + safety 5 days (alert settings). Demand 3.2 × 1.132 × 19 = 68.826, − 12 available = shortfall 56.826. Stock rule: the most specific of 2 enabled stock rules matching (prefix MUG-*, this warehouse). Minimum level 40 lacks 28. Needed 56.826; at least the minimum order of 40, in packs of 20: 60. Maximum 150 leaves room for 138. Suggest 60 from Northern Pottery Ltd (the only purchase-order source receiving into this warehouse).",
              },
            },
          ],
        },
      },
    },
    getStockLevels: {
      description:
        'On hand, allocated, available, backordered, average unit cost and value per SKU and warehouse, warehouse by warehouse (by code) in SKU order, `limit` a page. Costs and values are in the books currency. Filters: `warehouseId` (404 when unknown), `sku` (a prefix), `inStock`, `backordered`.',
      example: {
        query: { warehouseId: leeds.warehouseId, sku: 'MUG-', limit: '2' },
        response: {
          items: [
            {
              sku: 'MUG-BLUE',
              ...leeds,
              onHand: 14,
              allocated: 2,
              available: 12,
              backordered: 0,
              averageUnitCost: 352,
              value: 4928,
              currency: 'GBP',
              updatedAt: '2026-11-23T13:02:41.000Z',
            },
            {
              sku: 'MUG-RED',
              ...leeds,
              onHand: 3,
              allocated: 5,
              available: 0,
              backordered: 2,
              averageUnitCost: 340,
              value: 1020,
              currency: 'GBP',
              updatedAt: '2026-11-22T17:45:10.000Z',
            },
          ],
          nextCursor: 'eyJ3IjoiTERTIiwicyI6Ik1VRy1SRUQifQ.c2ln',
        },
      },
    },
    getInventoryMovements: {
      description:
        'The stock ledger’s movements over a range of reporting days, oldest first, `limit` a page: one SKU’s (`sku`), one warehouse’s (`warehouseId`), or every movement, optionally of one `type`. Each movement gives the change of on hand and of allocated and the record’s on hand and available after it. Without `from`/`to` the range is the 30 days up to today; more than 366 days is a 400.',
      example: {
        query: { from: '2026-11-21', to: '2026-11-22', sku: 'MUG-BLUE' },
        response: {
          ...range,
          currency: 'GBP',
          items: [
            {
              id: movementIds[0]!,
              at: '2026-11-21T09:42:11.000Z',
              day: '2026-11-21',
              sku: 'MUG-BLUE',
              ...leeds,
              type: 'allocation',
              quantity: 0,
              allocatedChange: 2,
              unitCost: null,
              reference: 'order 206-4418821-7730712',
              onHandAfter: 16,
              availableAfter: 12,
            },
            {
              id: movementIds[1]!,
              at: '2026-11-21T15:10:04.000Z',
              day: '2026-11-21',
              sku: 'MUG-BLUE',
              ...leeds,
              type: 'shipment',
              quantity: -2,
              allocatedChange: -2,
              unitCost: null,
              reference: 'order 206-4418821-7730712',
              onHandAfter: 14,
              availableAfter: 12,
            },
          ],
          nextCursor: null,
        },
      },
    },
    getInventoryValuation: {
      description:
        'Units on hand valued per warehouse and SKU at average cost and at FIFO (the receipt layers left shown), with totals per warehouse and overall, in the books currency. With `asOf` a day, each record is replayed from its movements up to the end of that day with the ledger’s own arithmetic. Filters: `warehouseId` (404 when unknown), `sku` (a prefix).',
      example: {
        query: { sku: 'MUG-BLUE' },
        response: {
          asOf: null,
          timeZone: zone,
          currency: 'GBP',
          warehouses: [
            {
              ...leeds,
              onHand: 14,
              averageValue: 4928,
              fifoValue: 4970,
              items: [
                {
                  sku: 'MUG-BLUE',
                  onHand: 14,
                  averageValue: 4928,
                  fifoValue: 4970,
                  averageUnitCost: 352,
                  layers: [
                    { receivedAt: '2026-10-02T08:15:00.000Z', quantity: 4, unitCost: 340 },
                    { receivedAt: '2026-11-03T09:30:00.000Z', quantity: 10, unitCost: 361 },
                  ],
                },
              ],
            },
          ],
          total: { onHand: 14, averageValue: 4928, fifoValue: 4970 },
        },
      },
    },
    getInventoryAging: {
      description:
        'Units on hand by age of receipt: the FIFO layers left on each record (the latest receipts), aged in reporting days into `0-30`, `31-60`, `61-90`, `91-120`, `121-180` and `180+` buckets, units and value, per SKU and per warehouse. Filters: `warehouseId` (404 when unknown), `sku` (a prefix).',
      example: {
        query: { warehouseId: leeds.warehouseId, sku: 'MUG-BLUE' },
        response: {
          today: '2026-11-22',
          timeZone: zone,
          currency: 'GBP',
          warehouses: [
            {
              ...leeds,
              onHand: 14,
              buckets: agingBuckets([10, 4, 0, 0, 0, 0], 350),
              items: [{ sku: 'MUG-BLUE', onHand: 14, buckets: agingBuckets([10, 4, 0, 0, 0, 0], 350) }],
            },
          ],
        },
      },
    },
    getWarehouseCapacity: {
      description:
        'Per warehouse: capacity, units on hand, SKUs held, the share of capacity used, and units on hand at the end of each of the last 30 reporting days (now, less each later day’s movements). Filter: `warehouseId` (404 when unknown).',
      example: {
        query: { warehouseId: leeds.warehouseId },
        response: {
          today: '2026-11-22',
          timeZone: zone,
          warehouses: [
            {
              ...leeds,
              name: 'Leeds fulfilment centre',
              active: true,
              capacity: 50000,
              unitsOnHand: 18240,
              skusHeld: 412,
              capacityUsed: 0.3648,
              trend: [
                { day: '2026-11-21', unitsOnHand: 18410, capacityUsed: 0.3682 },
                { day: '2026-11-22', unitsOnHand: 18240, capacityUsed: 0.3648 },
              ],
            },
          ],
        },
      },
    },
    getPendingShipmentsPdf: {
      description:
        'The pending-shipments report as a PDF (age buckets, by warehouse and by channel, every pending order oldest first; the reporting zone and the generation time in the header): `302` to a presigned URL valid for 15 minutes. Same query as the report. A report longer than one request renders is a 400 naming `POST /v1/reports/exports/pdf`.',
      example: { query: { warehouseId: leeds.warehouseId, statusCategory: 'open' } },
    },
    getLowStockDownload: {
      description:
        'The low-stock report as an Excel workbook: `302` to a presigned URL valid for 15 minutes. A "Low stock" sheet has one row per SKU and warehouse (frozen header, autofilter); a "Draft purchase order" sheet groups the suggestions by vendor (vendor SKU, receiving warehouse, quantity, unit cost, line cost, a total per vendor and currency); a "How it was figured" sheet gives each row’s applied rule, why, and its explanation in words. The "Lead time (days)" column is the lead time the suggestion used, "Lead time from" where it came from. Same query as the report.',
      example: { query: { vendorId } },
    },
    exportReportPdf: {
      description: exportDescription(
        'a PDF (DejaVu Sans, the title, the report’s lines, the generation time and the reporting zone on every page, “Page x of y”)',
        'A request renders at most 5,000 rows to a PDF; a PDF holds at most 20,000 (a longer report is a 400 naming `body.format`: export it to Excel).',
      ),
      example: {
        body: { report: 'sales-summary', query: { from: '2026-11-01', to: '2026-11-22' } },
        response: {
          id: exportId,
          status: 'ready',
          report: 'sales-summary',
          format: 'pdf',
          fileName: 'Sales by channel 2026-11-22.pdf',
          contentType: 'application/pdf',
          url: 'https://exports-bucket.s3.eu-west-2.amazonaws.com/exports/sales-summary/2026/11/22/01JD8E1F2G3H4J5K6M7N8P9Q0R.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=900&X-Amz-Signature=…',
          expiresAt: '2026-11-22T10:20:00.000Z',
          rowCount: 3,
          bytes: 18422,
        },
      },
    },
    exportReportExcel: {
      description: exportDescription(
        'an Excel workbook (streamed; one sheet per section, bold frozen header, autofilter, money with the currency’s decimals, days and instants as Excel dates)',
        'A request renders at most 50,000 rows to Excel.',
      ),
      example: {
        body: { report: 'stock-levels', query: { warehouseId: leeds.warehouseId } },
        response: {
          id: exportId,
          status: 'pending',
          report: 'stock-levels',
          format: 'excel',
          fileName: 'Stock levels 2026-11-22.xlsx',
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          url: 'https://exports-bucket.s3.eu-west-2.amazonaws.com/exports/stock-levels/2026/11/22/01JD8E1F2G3H4J5K6M7N8P9Q0R.xlsx?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=900&X-Amz-Signature=…',
          expiresAt: '2026-11-22T10:20:00.000Z',
        },
      },
    },
  },
});
