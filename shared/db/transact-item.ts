import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

/**
 * One item of a TransactWriteItems call. A file of its own so the request guard and the write
 * outcome can name it without importing the transaction writer that imports them.
 */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
