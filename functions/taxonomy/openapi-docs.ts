/** The taxonomy group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { defineDocs } from '../../shared/openapi/docs';
import { taxonomyCatalogue } from './routes';

export const taxonomyDocs = defineDocs(taxonomyCatalogue, {
  components: {},
  fields: {},
  operations: {},
});
