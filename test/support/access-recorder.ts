/**
 * Records what each group's function actually sends to the table, as IAM sees it: the item action
 * (a transaction's items and a batch's requests each count as their own action) and the partition key
 * it names. The int tests run every group's handler through `call`, which names the group for the
 * commands it causes; what they record is checked against infra/group-access.ts, so a declaration
 * that would answer AccessDenied in AWS (DynamoDB Local enforces no IAM) fails the normal test run.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { GroupAccess } from '../../infra/group-access';
import type { GroupCatalogue } from '../../shared/http/catalogue';

export interface RecordedAccess {
  group: string;
  /** The IAM action: GetItem, Query, PutItem, ConditionCheckItem, BatchWriteItem ... */
  action: string;
  /** The partition key named (undefined for a Query: on an index it names the index's key). */
  partitionKey?: string;
  /** The index a Query reads, when not the table. */
  index?: string;
}

const currentGroup = new AsyncLocalStorage<string>();

/**
 * Runs `work` with every table command it causes attributed to `group`: a catalogue group, or a
 * consumer named in infra/group-access.ts's consumerAccess (aggregates, alerts, reportJobs).
 */
export function asGroup<T>(group: string, work: () => Promise<T>): Promise<T> {
  return currentGroup.run(group, work);
}

/** Runs `work` as the test itself, not as any function: a write a test makes behind a handler's back. */
export function asTest<T>(work: () => Promise<T>): Promise<T> {
  return currentGroup.exit(work);
}

type Attribute = unknown;
/** The key's PK whether the command's input is still plain or already marshalled ({ S: '...' }). */
function partitionKeyOf(key: Record<string, Attribute> | undefined): string | undefined {
  const value = key?.PK as unknown;
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { S?: unknown }).S === 'string') {
    return (value as { S: string }).S;
  }
  return undefined;
}

interface TransactItem {
  Put?: { Item: Record<string, Attribute> };
  Update?: { Key: Record<string, Attribute> };
  Delete?: { Key: Record<string, Attribute> };
  ConditionCheck?: { Key: Record<string, Attribute> };
}

interface WriteRequest {
  PutRequest?: { Item: Record<string, Attribute> };
  DeleteRequest?: { Key: Record<string, Attribute> };
}

/** The (action, partition key) pairs IAM authorizes for one command. */
export function accessesOf(
  commandName: string,
  input: Record<string, unknown>,
): Array<Omit<RecordedAccess, 'group'>> {
  const command = commandName.replace(/Command$/, '');
  switch (command) {
    case 'Get':
    case 'GetItem':
      return [{ action: 'GetItem', partitionKey: partitionKeyOf(input.Key as Record<string, Attribute>) }];
    case 'Put':
    case 'PutItem':
      return [{ action: 'PutItem', partitionKey: partitionKeyOf(input.Item as Record<string, Attribute>) }];
    case 'Update':
    case 'UpdateItem':
      return [{ action: 'UpdateItem', partitionKey: partitionKeyOf(input.Key as Record<string, Attribute>) }];
    case 'Delete':
    case 'DeleteItem':
      return [{ action: 'DeleteItem', partitionKey: partitionKeyOf(input.Key as Record<string, Attribute>) }];
    case 'Query':
      return [{ action: 'Query', ...(input.IndexName ? { index: String(input.IndexName) } : {}) }];
    case 'BatchGet':
    case 'BatchGetItem':
      return Object.values(input.RequestItems as Record<string, { Keys: Array<Record<string, Attribute>> }>)
        .flatMap(({ Keys }) => Keys)
        .map((key) => ({ action: 'BatchGetItem', partitionKey: partitionKeyOf(key) }));
    case 'BatchWrite':
    case 'BatchWriteItem':
      return Object.values(input.RequestItems as Record<string, WriteRequest[]>)
        .flat()
        .map((request) => ({
          action: 'BatchWriteItem',
          partitionKey: partitionKeyOf(request.PutRequest?.Item ?? request.DeleteRequest?.Key),
        }));
    case 'TransactGet':
    case 'TransactGetItems':
      return (input.TransactItems as Array<{ Get: { Key: Record<string, Attribute> } }>).map(({ Get }) => ({
        action: 'GetItem',
        partitionKey: partitionKeyOf(Get.Key),
      }));
    case 'TransactWrite':
    case 'TransactWriteItems':
      return (input.TransactItems as TransactItem[]).map((item) => {
        if (item.Put) return { action: 'PutItem', partitionKey: partitionKeyOf(item.Put.Item) };
        if (item.Update) return { action: 'UpdateItem', partitionKey: partitionKeyOf(item.Update.Key) };
        if (item.Delete) return { action: 'DeleteItem', partitionKey: partitionKeyOf(item.Delete.Key) };
        return { action: 'ConditionCheckItem', partitionKey: partitionKeyOf(item.ConditionCheck?.Key) };
      });
    default:
      return [{ action: command }];
  }
}

const recordings = new WeakMap<DynamoDBDocumentClient, RecordedAccess[]>();

/** Appends every attributed access the client sends to the returned list (one list per client). */
export function recordAccess(client: DynamoDBDocumentClient): RecordedAccess[] {
  const existing = recordings.get(client);
  if (existing) return existing;
  const recorded: RecordedAccess[] = [];
  recordings.set(client, recorded);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const group = currentGroup.getStore();
      if (group !== undefined) {
        const input = (args as { input: Record<string, unknown> }).input;
        for (const access of accessesOf(String(context.commandName), input))
          recorded.push({ group, ...access });
      }
      return next(args);
    },
    { step: 'initialize', name: 'accessRecorder' },
  );
  return recorded;
}

/**
 * Each distinct access a group sent that its grants in infra/group-access.ts would refuse, described
 * for the failure message (`orders PutItem on EXPORT#01J...`). Empty when every access is allowed.
 */
export async function accessesOutsideGrants(recorded: readonly RecordedAccess[]): Promise<string[]> {
  if (recorded.length === 0) return [];
  const { accessAllows, allows, consumerAccess } = await import('../../infra/group-access');
  const consumers: Record<string, GroupAccess> = consumerAccess;
  // Each group's own catalogue, which its handler has already loaded: nothing new to import.
  const catalogues = new Map<string, GroupCatalogue | undefined>();
  for (const group of new Set(recorded.map((access) => access.group))) {
    if (group in consumers) continue;
    const routes = (await import(`../../functions/${group}/routes.ts`).catch(() => ({}))) as Record<
      string,
      unknown
    >;
    catalogues.set(
      group,
      Object.values(routes).find(
        (value): value is GroupCatalogue => (value as GroupCatalogue | undefined)?.group === group,
      ),
    );
  }
  const refused = new Set<string>();
  for (const { group, action, partitionKey } of recorded) {
    const catalogue = catalogues.get(group);
    const allowed =
      group in consumers
        ? accessAllows(consumers[group]!, [], action, partitionKey)
        : catalogue !== undefined && allows(catalogue, action, partitionKey);
    if (!allowed) {
      refused.add(`${group} ${action} on ${partitionKey ?? '(no key)'}`);
    }
  }
  return [...refused];
}
