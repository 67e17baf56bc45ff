/** Every group's API-reference docs, by group: only the OpenAPI document reads them (never a group's handler). */
import type { GroupDocs } from '../shared/openapi/docs';
import { vendorsDocs } from './vendors/openapi-docs';
import { ordersDocs } from './orders/openapi-docs';
import { orderActivityDocs } from './order-activity/openapi-docs';
import { fulfillmentDocs } from './fulfillment/openapi-docs';
import { returnsDocs } from './returns/openapi-docs';
import { inventoryDocs } from './inventory/openapi-docs';
import { inventoryAlertsDocs } from './inventory-alerts/openapi-docs';
import { taxonomyDocs } from './taxonomy/openapi-docs';
import { reportsDocs } from './reports/openapi-docs';

export const catalogueDocs: Readonly<Record<string, GroupDocs>> = {
  vendors: vendorsDocs as GroupDocs,
  orders: ordersDocs as GroupDocs,
  'order-activity': orderActivityDocs as GroupDocs,
  fulfillment: fulfillmentDocs as GroupDocs,
  returns: returnsDocs as GroupDocs,
  inventory: inventoryDocs as GroupDocs,
  'inventory-alerts': inventoryAlertsDocs as GroupDocs,
  taxonomy: taxonomyDocs as GroupDocs,
  reports: reportsDocs as GroupDocs,
};
