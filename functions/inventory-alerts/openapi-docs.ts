/** The inventory-alerts group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { defineDocs } from '../../shared/openapi/docs';
import { inventoryAlertsCatalogue } from './routes';

export const inventoryAlertsDocs = defineDocs(inventoryAlertsCatalogue, {
  components: {},
  fields: {},
  operations: {},
});
