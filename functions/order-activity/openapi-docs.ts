/** The order-activity group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { defineDocs } from '../../shared/openapi/docs';
import { orderActivityCatalogue } from './routes';

export const orderActivityDocs = defineDocs(orderActivityCatalogue, {
  components: {},
  fields: {},
  operations: {},
});
