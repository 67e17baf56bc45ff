import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { withoutSdkLogging } from './shared/logging/sdk-logging';
const endpoint = process.argv[2];
const mk = (cache: boolean) => withoutSdkLogging(new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, cacheMiddleware: cache }));
const cpu = () => { const c = process.cpuUsage(); return c; };
for (const cache of [false, true, false, true]) {
  const client = mk(cache);
  const n = 1500;
  for (let i = 0; i < 200; i++) await client.send(new GetItemCommand({ TableName: 'commerce-local', Key: { PK: { S: 'BENCH#x' }, SK: { S: 'ITEM' } } }));
  const t = cpu();
  for (let i = 0; i < n; i++) await client.send(new GetItemCommand({ TableName: 'commerce-local', Key: { PK: { S: 'BENCH#x' }, SK: { S: 'ITEM' } } }));
  const d = process.cpuUsage(t);
  console.log(`cacheMiddleware ${cache}: user ${(d.user / 1000 / n).toFixed(3)} ms, system ${(d.system / 1000 / n).toFixed(3)} ms per GetItem`);
}
