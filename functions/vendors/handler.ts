/** Lambda entry of the vendors group. */
import { createGroupHandler } from '../../shared/http/handler';
import { poSourceOperations } from './po-sources/operations';
import { vendorsCatalogue } from './routes';
import { vendorOperations } from './vendors/operations';

export const handler = createGroupHandler(vendorsCatalogue, {
  ...vendorOperations,
  ...poSourceOperations,
});
