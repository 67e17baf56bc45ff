import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { withoutSdkLogging } from '../logging/sdk-logging';
import { DocumentClient } from './document-client';

let documentClient: DynamoDBDocumentClient | undefined;

/** One client per process; DYNAMODB_ENDPOINT points it at DynamoDB Local. */
export function db(): DynamoDBDocumentClient {
  if (!documentClient) {
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    const client = withoutSdkLogging(
      new DynamoDBClient(
        endpoint
          ? {
              endpoint,
              region: process.env.AWS_REGION ?? 'local',
              credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
            }
          : {},
      ),
    );
    documentClient = DocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return documentClient;
}

/** Lets tests and the bench swap in a client that records or counts commands. */
export function setDb(client: DynamoDBDocumentClient | undefined): void {
  documentClient = client;
}

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}
