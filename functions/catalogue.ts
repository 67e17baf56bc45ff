/**
 * Every group's catalogue, in one list: the CDK stack, the OpenAPI document, the local gateway and the
 * contract tests read it. Groups never import each other; only this list knows them all.
 */
import type { GroupCatalogue } from '../shared/http/catalogue';
import { fulfillmentCatalogue } from './fulfillment/routes';
import { inventoryCatalogue } from './inventory/routes';
import { inventoryAlertsCatalogue } from './inventory-alerts/routes';
import { orderActivityCatalogue } from './order-activity/routes';
import { ordersCatalogue } from './orders/routes';
import { reportsCatalogue } from './reports/routes';
import { returnsCatalogue } from './returns/routes';
import { taxonomyCatalogue } from './taxonomy/routes';
import { vendorsCatalogue } from './vendors/routes';

export const catalogues: readonly GroupCatalogue[] = [
  reportsCatalogue,
  taxonomyCatalogue,
  vendorsCatalogue,
  ordersCatalogue,
  orderActivityCatalogue,
  fulfillmentCatalogue,
  returnsCatalogue,
  inventoryCatalogue,
  inventoryAlertsCatalogue,
];

/** Each group's Lambda entry, relative to the repository root. */
export const handlerEntry = (group: string) => `functions/${group}/handler.ts`;
