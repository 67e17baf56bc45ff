/** The returns group in the API reference: component schemas, field descriptions, each operation's text and example. */
import {
  receiptSchema,
  refundRecordSchema,
  replacementSchema,
  returnHistoryEntrySchema,
  returnLineSchema,
} from '../../shared/domain/returns';
import { defineDocs } from '../../shared/openapi/docs';
import { returnsCatalogue } from './routes';
import {
  declineSchema,
  receiveSchema,
  refundSchema,
  resendSchema,
  returnAnswerSchema,
  returnRequestSchema,
} from './order-returns/schemas';

const orderId = 'SHOP-100482';
const returnId = '01M76GWYRJ1TAVBRRB6CWXTND8';
const olderReturnId = '01M6Z0J4YYEA5Q2Z197DF9NMN1';
const manchesterId = '01M6F7VES4V53SQ5VE4J19Y8TH';
const refundPaymentId = '01M778Y1B4WKKYE7HB8RT3PSVX';
const replacementShipmentId = '01M780Z3XPENTNMVBB4HQV1BX0';

const params = { order_id: orderId, return_id: returnId };
const by = 'sam.okafor';

const none = { restock: 0, damaged: 0, missing: 0 };
const requestedLines = [
  {
    itemId: '14420118',
    sku: 'MUG-BLUE-12',
    title: 'Stoneware mug, blue, 12 oz',
    quantity: 1,
    reasonCode: 'damaged' as const,
    reasonText: 'Handle cracked on arrival',
    received: none,
    refundedQuantity: 0,
  },
  {
    itemId: '14420119',
    sku: 'TEA-EARLGREY-100',
    title: 'Earl Grey loose leaf tea, 100 g',
    quantity: 1,
    reasonCode: 'no_longer_needed' as const,
    received: none,
    refundedQuantity: 0,
  },
];

const requestEntry = {
  at: '2026-11-25T09:30:12.604Z',
  actor: by,
  action: 'request',
  state: 'requested' as const,
  summary: 'Return of 2 units requested',
};
const approveEntry = {
  at: '2026-11-25T10:02:47.118Z',
  actor: 'maria.lopez',
  action: 'approve',
  state: 'approved' as const,
  summary: 'Approved; the customer sends it to MAN1 (Manchester)',
};
const receiveEntry = {
  at: '2026-11-28T14:15:03.950Z',
  actor: 'jon.baptiste',
  action: 'receive',
  state: 'received' as const,
  summary: 'Received 2 units (1 restocked, 1 damaged, 0 missing); every line is accounted for',
};

const requested = {
  id: returnId,
  orderId,
  state: 'requested' as const,
  lines: requestedLines,
  note: 'One of the mugs arrived with a cracked handle, and I ordered the tea twice by mistake.',
  receipts: [],
  refunds: [],
  history: [requestEntry],
  createdAt: requestEntry.at,
  createdBy: by,
  updatedAt: requestEntry.at,
  version: 1,
  allowedActions: ['approve' as const, 'decline' as const, 'delete' as const],
};

const approved = {
  ...requested,
  state: 'approved' as const,
  returnAddress: {
    company: 'Northwind Goods Returns',
    line1: 'Unit 4, Trafford Park',
    city: 'Manchester',
    postalCode: 'M17 1AA',
    country: 'GB',
  },
  history: [requestEntry, approveEntry],
  updatedAt: approveEntry.at,
  version: 2,
  allowedActions: ['receive' as const],
};

const receiptLines = [
  { itemId: '14420118', quantity: 1, disposition: 'damaged' as const },
  { itemId: '14420119', quantity: 1, disposition: 'restock' as const, warehouseId: manchesterId },
];

const received = {
  ...approved,
  state: 'received' as const,
  lines: [
    { ...requestedLines[0]!, received: { ...none, damaged: 1 } },
    { ...requestedLines[1]!, received: { ...none, restock: 1 } },
  ],
  receipts: [
    {
      at: receiveEntry.at,
      by: 'jon.baptiste',
      lines: [receiptLines[0]!, { ...receiptLines[1]!, unitCost: 312 }],
    },
  ],
  history: [requestEntry, approveEntry, receiveEntry],
  updatedAt: receiveEntry.at,
  version: 3,
  allowedActions: ['refund' as const, 'resend' as const, 'complete' as const],
};

/** The mug: 1 of 2 units at 1450 with 290 of its 580 tax; the tea: its 899 less 100 discount, with 180 tax. */
const refundEntry = {
  at: '2026-11-28T14:40:21.337Z',
  actor: 'maria.lopez',
  action: 'refund',
  state: 'refunded' as const,
  summary: 'Refunded 27.19 GBP by card (2 units)',
};
const refunded = {
  ...received,
  state: 'refunded' as const,
  lines: received.lines.map((line) => ({ ...line, refundedQuantity: 1 })),
  refunds: [
    {
      paymentId: refundPaymentId,
      at: refundEntry.at,
      by: 'maria.lopez',
      amount: 2719,
      credited: 0,
      currency: 'GBP',
      method: 'card',
      lines: [
        { itemId: '14420118', quantity: 1, goods: 1450, tax: 290 },
        { itemId: '14420119', quantity: 1, goods: 799, tax: 180 },
      ],
      shipping: 0,
    },
  ],
  history: [...received.history, refundEntry],
  updatedAt: refundEntry.at,
  version: 4,
  allowedActions: ['resend' as const, 'complete' as const],
};

const resendEntry = {
  at: '2026-11-28T15:05:44.090Z',
  actor: 'jon.baptiste',
  action: 'resend',
  state: 'resent' as const,
  summary: `Replacement of 1 unit sent (shipment ${replacementShipmentId}, tracking TT204839216GB)`,
};
const resent = {
  ...received,
  state: 'resent' as const,
  replacement: {
    shipmentId: replacementShipmentId,
    warehouseId: manchesterId,
    lines: [{ itemId: '14420118', sku: 'MUG-BLUE-12', quantity: 1 }],
    carrier: 'Royal Mail',
    trackingNumber: 'TT204839216GB',
    at: resendEntry.at,
    by: 'jon.baptiste',
  },
  history: [...received.history, resendEntry],
  updatedAt: resendEntry.at,
  version: 4,
  allowedActions: ['refund' as const, 'complete' as const],
};

const completeEntry = {
  at: '2026-12-01T09:00:31.772Z',
  actor: 'maria.lopez',
  action: 'complete',
  state: 'completed' as const,
  summary: 'Completed',
};

export const returnsDocs = defineDocs(returnsCatalogue, {
  components: {
    Return: {
      schema: returnAnswerSchema,
      description:
        'A return of shipped units of one order, through its states: `requested` → `approved` or `declined`; `approved` → `received` once every unit is accounted for; `received` → `refunded` and/or `resent` → `completed`. It carries its lines with what was received and refunded, its receipts, refunds, replacement and history, and `allowedActions`: what may be done now.',
    },
    ReturnLine: {
      schema: returnLineSchema,
      description: 'Units of one order line being returned, why, and what became of them so far.',
    },
    ReturnReceipt: {
      schema: receiptSchema,
      description: 'Units received in one delivery, each with its disposition.',
    },
    ReturnRefund: {
      schema: refundRecordSchema,
      description: 'Money paid back for a return: recorded on the order as a negative payment (`paymentId`).',
    },
    ReturnReplacement: {
      schema: replacementSchema,
      description: 'The replacement sent for returned units: a zero-priced `replacement` shipment.',
    },
    ReturnHistoryEntry: {
      schema: returnHistoryEntrySchema,
      description: 'One action on a return and the state it left.',
    },
    ReturnRequest: {
      schema: returnRequestSchema,
      description: 'The lines and units the customer sends back, and why.',
    },
    ReturnDecline: {
      schema: declineSchema,
      description: 'Why a return is declined, with a note for the customer.',
    },
    ReturnReceive: { schema: receiveSchema, description: 'Units received, each with its disposition.' },
    ReturnRefundRequest: {
      schema: refundSchema,
      description: 'What to pay back: returned units (at the price paid), their tax, and shipping.',
    },
    ReturnResend: { schema: resendSchema, description: 'A replacement to send for returned units.' },
  },
  fields: {
    order_id: 'The order’s id: the sales channel’s order id, as given to `PUT /v1/orders/{id}`.',
    return_id: 'The return’s id (ULID).',
    'Return.id': 'The return’s id (ULID).',
    orderId: 'The order the return belongs to.',
    state:
      'Where the return is: `requested`, `approved`, `declined`, `received`, `refunded`, `resent` or `completed`. In a history entry, the state the action left.',
    allowedActions:
      'What may be done now: `approve`, `decline`, `receive`, `refund`, `resend`, `complete`, `delete`. Any other action is a 409 naming `state` and `allowedActions`.',

    // Lines.
    'Return.lines': 'The order lines and units being returned.',
    'ReturnRequest.lines': 'The lines and units sent back, each item id once, 1 to 500.',
    'ReturnReceive.lines':
      'Units received, 1 to 1000 entries; a line may appear more than once (part restocked, part damaged).',
    'ReturnRefundRequest.lines':
      'Returned lines and units to pay back, each item id once, up to 500 (may be empty when refunding shipping only).',
    'ReturnResend.lines':
      'Which returned lines and units to replace, each item id once; default every unit of the return.',
    lines: 'Lines of the order, by item id, with units.',
    title: 'The product title, from the order line.',
    quantity: 'Units, 1 to 1,000,000. Across an order’s returns no line returns more than shipped.',
    reasonCode:
      'Why it comes back: `damaged`, `defective`, `wrong_item`, `not_as_described`, `size_or_fit`, `no_longer_needed`, `arrived_late` or `other`. On a decline, why it is declined: `outside_return_window`, `not_eligible`, `used_or_damaged_by_customer`, `missing_parts` or `other`.',
    reasonText: 'The customer’s words about this line, free text up to 500 characters.',
    received:
      'Units of the line received so far, by disposition; the line is accounted for when they sum to its quantity.',
    restock: 'Units put back into stock.',
    damaged: 'Units received damaged (not restocked).',
    missing: 'Units that never arrived.',
    refundedQuantity: 'Units of the line refunded so far.',
    note: 'The customer’s words when the return was opened (up to 2000 characters); in `decline`, the note shown to the customer (up to 500).',
    'ReturnRequest.note': 'The customer’s words, free text up to 2000 characters.',
    'ReturnDecline.note': 'A note shown to the customer, free text up to 500 characters.',
    returnAddress:
      'Where the customer sends the parcel: set when approved, from the warehouse the goods shipped from (its return address, else its origin address); absent when there is none.',
    decline: 'Why the return was declined, and the note for the customer.',

    // Receipts.
    receipts: 'Deliveries received, oldest first.',
    by: 'The username of who did it (from the token).',
    disposition:
      '`restock` (back into stock in `warehouseId`, as a return movement at the SKU’s average cost where it shipped from), `damaged` or `missing`.',
    warehouseId: 'Where restocked units go: an active warehouse, named for restocked units only.',
    'ReturnResend.warehouseId': 'The active warehouse the replacement ships from; its stock goes out.',
    'ReturnReplacement.warehouseId': 'The warehouse the replacement shipped from.',
    unitCost: 'Minor units per unit the restock entered the stock ledger at.',

    // Refunds.
    refunds: 'Refunds made for the return, oldest first.',
    paymentId:
      'The order’s payment that carries the refund: a negative amount (0 when all of it was credited), with what it covered.',
    'ReturnRefund.amount':
      'Minor units paid back: the value of the goods, tax and shipping covered, less what was credited.',
    credited:
      'Minor units of that value that reduced what the customer still owed on a part-paid order (no money moved); 0 on a paid order.',
    method:
      'How the money goes back: `card` (default), `cash`, `bank_transfer`, `paypal`, `store_credit` or `other`.',
    goods:
      'Minor units paid back for the goods: the line’s price × quantity less its discount, shared over its units so partial refunds add up exactly.',
    tax: 'Minor units of the line’s tax paid back (its share for these units; 0 unless includeTax).',
    shipping: 'Minor units of the order’s shipping charge paid back (default 0), at most what is left of it.',
    includeTax: 'Pay back the lines’ tax too (default true).',
    reference: 'The payment provider’s reference of the refund, up to 200 characters; default `Return <id>`.',

    // Replacement.
    replacement: 'The replacement sent, when one was.',
    carrier: 'The carrier that carries the replacement, as staff name it, up to 64 characters.',
    trackingNumber: 'The replacement’s tracking number: 3 to 64 letters, digits, `. _ / -`, no spaces.',

    // History.
    history: 'Every action on the return, oldest first.',
    actor: 'The username of who acted (from the token).',
    action: 'What was done: `request`, `approve`, `decline`, `receive`, `refund`, `resend` or `complete`.',
    summary: 'One line saying what happened, for people.',
  },
  operations: {
    listOrderReturns: {
      description:
        'The order’s returns, newest first, each with its state, lines (received and refunded so far), receipts, refunds, replacement, history and the actions allowed now. An unknown order is a 404.',
      example: {
        params: { order_id: orderId },
        query: { limit: '20' },
        response: {
          items: [
            refunded,
            {
              ...requested,
              id: olderReturnId,
              state: 'declined',
              lines: [{ ...requestedLines[1]!, reasonCode: 'size_or_fit' }],
              note: 'Wrong size tin.',
              decline: { reasonCode: 'not_eligible', note: 'Opened food items cannot be returned.' },
              history: [
                { ...requestEntry, at: '2026-11-24T11:00:02.000Z', summary: 'Return of 1 unit requested' },
                {
                  at: '2026-11-24T11:20:40.000Z',
                  actor: 'maria.lopez',
                  action: 'decline',
                  state: 'declined',
                  summary:
                    'Declined (not_eligible): Opened food items cannot be returned.; its units can be returned again',
                },
              ],
              createdAt: '2026-11-24T11:00:02.000Z',
              updatedAt: '2026-11-24T11:20:40.000Z',
              version: 2,
              allowedActions: ['delete'],
            },
          ],
          nextCursor: null,
        },
      },
    },
    createOrderReturn: {
      description:
        'Opens a return in `requested` for shipped units of the order, each line with a reason. Units across the order’s returns never exceed what shipped (declined and deleted returns free theirs): more is a **409** naming each line’s returnable units, as is an order with nothing shipped. An item id the order does not have is a 400; an unknown order is a 404. Two returns racing for the last unit cannot both pass. Honours `If-Match` with the order’s version (the `ETag` of `GET /v1/orders/{id}`: the shipped units the client saw), a **412** when the order changed since (or does not exist); the answer’s `ETag` is the new return’s version. `If-None-Match: *` always holds (a new return). Honours `Idempotency-Key`.',
      example: {
        params: { order_id: orderId },
        body: {
          lines: [
            {
              itemId: '14420118',
              quantity: 1,
              reasonCode: 'damaged',
              reasonText: 'Handle cracked on arrival',
            },
            { itemId: '14420119', quantity: 1, reasonCode: 'no_longer_needed' },
          ],
          note: 'One of the mugs arrived with a cracked handle, and I ordered the tea twice by mistake.',
        },
        response: requested,
      },
    },
    approveOrderReturn: {
      description:
        'Approves a `requested` return and records where the customer sends it: the return address (else the origin address) of the warehouse the goods shipped from. Any other state is a **409** with `state` and `allowedActions`. Honours `If-Match` with the return’s version (its `version`, the `ETag` every return operation answers): a **412** when the return changed since.',
      example: { params, response: approved },
    },
    declineOrderReturn: {
      description:
        'Declines a `requested` return with a reason code and a note for the customer; its units can be returned again. Any other state is a **409** with `state` and `allowedActions`. Honours `If-Match` with the return’s version (its `version`, the `ETag` every return operation answers): a **412** when the return changed since.',
      example: {
        params,
        body: {
          reasonCode: 'outside_return_window',
          note: 'Returns are accepted within 30 days of delivery.',
        },
        response: {
          ...requested,
          state: 'declined',
          decline: {
            reasonCode: 'outside_return_window',
            note: 'Returns are accepted within 30 days of delivery.',
          },
          history: [
            requestEntry,
            {
              at: '2026-11-25T10:02:47.118Z',
              actor: 'maria.lopez',
              action: 'decline',
              state: 'declined',
              summary:
                'Declined (outside_return_window): Returns are accepted within 30 days of delivery.; its units can be returned again',
            },
          ],
          updatedAt: '2026-11-25T10:02:47.118Z',
          version: 2,
          allowedActions: ['delete'],
        },
      },
    },
    receiveOrderReturn: {
      description:
        'Records units received for an `approved` return, each with a disposition: `restock` (into a named active warehouse, as a return movement in the stock ledger, in the same transaction), `damaged` or `missing`. The return becomes `received` once every unit is accounted for; a partial receipt leaves it `approved`.\n\nMore units than a line returns or still awaits is a **409** naming each such line with the units it returns, still awaits and were asked (`lines`); a line the return does not have, a restock without a warehouse, or a warehouse on a damaged or missing unit is a 400; an unknown or inactive warehouse is a 400 (a **409** when it goes inactive meanwhile). Any state but `approved` is a **409** with `state` and `allowedActions`. Honours `If-Match` with the return’s version (its `version`, the `ETag` every return operation answers): a **412** when the return changed since.',
      example: { params, body: { lines: receiptLines }, response: received },
    },
    refundOrderReturn: {
      description:
        'Pays back returned units at the price paid (each line’s price × quantity less discount, shared over its units so partial refunds add up exactly), their tax unless `includeTax: false`, and shipping as asked. On an order the customer still owes money for, that value first reduces what is owed (`credited`, a credit entry in the order’s history; no money moves) and only the rest, up to what was paid less refunded, is paid back (`amount`). It posts one refund payment on the order (negative, or 0 when wholly credited) in one transaction with the return, credited out of the order’s total so the balance never shows returned goods as owed. Needs the manager role.\n\nA **409** when what would be paid back exceeds what the customer paid less what was already refunded (two refunds racing for the same money cannot both pass), when shipping asked exceeds what is left of the charge, or when it comes to nothing. Units beyond what is left to refund on the return, or a line it does not have, are a 400. Allowed in `received`, `refunded` and `resent` while units are unrefunded; otherwise a **409** with `state` and `allowedActions`. Honours `Idempotency-Key`. Honours `If-Match` with the return’s version (its `version`, the `ETag` every return operation answers): a **412** when the return changed since.',
      example: {
        params,
        body: {
          lines: [
            { itemId: '14420118', quantity: 1 },
            { itemId: '14420119', quantity: 1 },
          ],
          includeTax: true,
          shipping: 0,
          method: 'card',
          reference: 're_3QJ1fB2eZvKYlo2C0d9Ux7Ps',
        },
        response: refunded,
      },
    },
    resendOrderReturn: {
      description:
        'Sends a replacement for returned units (by default every unit of the return): a zero-priced `replacement` shipment from a named active warehouse, taking its stock out, with an order history entry. It ships no order line, so it is never removed or voided. Once per return; allowed in `received` and `refunded`, otherwise a **409** with `state` and `allowedActions` (a return already resent, such as the loser of two resends racing, says so and names the `replacementShipmentId`). Not enough stock in the warehouse is a **409** with `shortfalls`; an unknown or inactive warehouse, or more units than the return has, is a 400. Honours `If-Match` with the return’s version (its `version`, the `ETag` every return operation answers): a **412** when the return changed since.',
      example: {
        params,
        body: {
          warehouseId: manchesterId,
          lines: [{ itemId: '14420118', quantity: 1 }],
          carrier: 'Royal Mail',
          trackingNumber: 'TT204839216GB',
        },
        response: resent,
      },
    },
    completeOrderReturn: {
      description:
        'Completes a return that was received, refunded or resent; nothing more can be done with it. Any other state is a **409** with `state` and `allowedActions`. Honours `If-Match` with the return’s version (its `version`, the `ETag` every return operation answers): a **412** when the return changed since.',
      example: {
        params,
        response: {
          ...refunded,
          state: 'completed',
          history: [...refunded.history, completeEntry],
          updatedAt: completeEntry.at,
          version: 5,
          allowedActions: [],
        },
      },
    },
    deleteOrderReturn: {
      description:
        'Deletes a return while `requested` or `declined`; its units can be returned again. Any other state is a **409** with `state` and `allowedActions`. An unknown order or return is a 404. Answers 204. Honours `If-Match` with the return’s version (its `version`, the `ETag` every return operation answers): a **412** when the return changed since.',
      example: { params },
    },
  },
});
