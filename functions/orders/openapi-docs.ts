/** The orders group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { defineDocs } from '../../shared/openapi/docs';
import { ordersCatalogue } from './routes';

export const ordersDocs = defineDocs(ordersCatalogue, {
  components: {},
  fields: {},
  operations: {},
});
