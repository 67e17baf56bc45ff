/** The inventory group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { defineDocs } from '../../shared/openapi/docs';
import { inventoryCatalogue } from './routes';

export const inventoryDocs = defineDocs(inventoryCatalogue, {
  components: {},
  fields: {},
  operations: {},
});
