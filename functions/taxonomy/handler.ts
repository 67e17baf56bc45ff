/** Lambda entry of the taxonomy group. */
import { createGroupHandler } from '../../shared/http/handler';
import { attributeOperations } from './attributes/operations';
import { listingOperations } from './listings/operations';
import { mappingOperations } from './mappings/operations';
import { taxonomyCatalogue } from './routes';
import { templateOperations } from './templates/operations';

export const handler = createGroupHandler(taxonomyCatalogue, {
  ...mappingOperations,
  ...attributeOperations,
  ...templateOperations,
  ...listingOperations,
});
