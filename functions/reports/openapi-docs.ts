/** The reports group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { defineDocs } from '../../shared/openapi/docs';
import { reportsCatalogue } from './routes';

export const reportsDocs = defineDocs(reportsCatalogue, {
  components: {},
  fields: {},
  operations: {},
});
