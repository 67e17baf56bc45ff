/** Lambda entry of the returns group. */
import { createGroupHandler } from '../../shared/http/handler';
import { returnOperations } from './operations';
import { returnsCatalogue } from './routes';

export const handler = createGroupHandler(returnsCatalogue, returnOperations);
