import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './shared/db/client';
process.env.DYNAMODB_ENDPOINT = process.argv[2];
process.env.TABLE_NAME = 'commerce-local';
process.env.AWS_REGION = 'local';
const client = db();
const item = { PK: 'BENCH#x', SK: 'ITEM', data: 'x'.repeat(1200), n: 5, list: [1, 2, 3], map: { a: 'b', c: 4 } };
await client.send(new PutCommand({ TableName: tableName(), Item: item }));
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
for (const round of [1, 2]) {
  const n = 1000;
  let t = cpu();
  for (let i = 0; i < n; i++) await client.send(new GetCommand({ TableName: tableName(), Key: { PK: 'BENCH#x', SK: 'ITEM' } }));
  console.log(`round ${round}: GetItem ${((cpu() - t) / n).toFixed(3)} ms CPU`);
  t = cpu();
  for (let i = 0; i < n; i++) await client.send(new PutCommand({ TableName: tableName(), Item: { ...item, n: i } }));
  console.log(`round ${round}: PutItem ${((cpu() - t) / n).toFixed(3)} ms CPU`);
  t = cpu();
  for (let i = 0; i < n; i++) await client.send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :p', ExpressionAttributeValues: { ':p': 'BENCH#x' } }));
  console.log(`round ${round}: Query ${((cpu() - t) / n).toFixed(3)} ms CPU`);
}
