/** The fulfillment group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { defineDocs } from '../../shared/openapi/docs';
import { fulfillmentCatalogue } from './routes';

export const fulfillmentDocs = defineDocs(fulfillmentCatalogue, {
  components: {},
  fields: {},
  operations: {},
});
