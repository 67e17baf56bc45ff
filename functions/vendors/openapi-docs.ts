/** The vendors group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { defineDocs } from '../../shared/openapi/docs';
import { vendorsCatalogue } from './routes';

export const vendorsDocs = defineDocs(vendorsCatalogue, {
  components: {},
  fields: {},
  operations: {},
});
