/** The document's tags: one per operation group, named after the group, with what the group is for. */
export const groupTagDescriptions: Readonly<Record<string, string>> = {
  orders:
    'Orders as the channels send them (create or replace by the channel order id), their lines, addresses, payments and money; custom statuses, saved column views, automation rules and work orders that move stock in a warehouse.',
  'order-activity':
    'What happens to an order after it arrives: tracking numbers entered by hand, notes, the status, address, fulfillment and edit histories, and shipments across orders with their totals, filter values and exports.',
  fulfillment:
    'The ship-now flow: a draft for one order, rate quotes per carrier, buying and printing a label (the stock leaves, the order updates), reprint, void, tracking, manifests closed at the end of the day and the settings of the printed forms.',
  returns:
    'Returns from request to completion: approve or decline, receive each line (restock, damaged, missing), refund what was paid (a negative payment on the order), resend a replacement and complete.',
  inventory:
    'Warehouses, stock per SKU and warehouse (a ledger of movements: on hand, allocated, available, average unit cost), stock rules and their seasonal periods, and the alert settings.',
  'inventory-alerts':
    'Alert rules over available stock or days of cover, the SKU lists they target, seasonal factors on sales velocity and the low-stock report with reorder suggestions.',
  vendors:
    'Vendors (contact, currency, lead time, payment terms) and purchase-order sources: which vendor supplies a SKU, at what cost and minimum quantity, into which warehouse.',
  taxonomy:
    "Mappings of the merchant's categories and attributes to a sales channel's taxonomy, templates that bundle them, applying a template to products (kept as listings), previews and the cross-reference of categories.",
  reports:
    'Sales, payments, sellers, shipping and inventory reports from daily aggregates, the dashboard and sales trend, and exports of any report to PDF or Excel files behind presigned URLs.',
};
