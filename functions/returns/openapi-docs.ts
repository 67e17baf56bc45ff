/** The returns group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { defineDocs } from '../../shared/openapi/docs';
import { returnsCatalogue } from './routes';

export const returnsDocs = defineDocs(returnsCatalogue, {
  components: {},
  fields: {},
  operations: {},
});
