import { describe, expect, it } from 'vitest';
import { catalogues } from '../../functions/catalogue';
import { allows, stringLike } from '../../infra/group-access';
import { accessesOf, accessesOutsideGrants } from '../support/access-recorder';

const catalogueOf = (group: string) => catalogues.find((catalogue) => catalogue.group === group)!;

describe('the access audit behind the IAM grants', () => {
  it('matches keys as IAM StringLike does', () => {
    expect(stringLike('ORDER#*', 'ORDER#01J')).toBe(true);
    expect(stringLike('ORDER#*', 'ORDERS#STATUS#x')).toBe(false);
    expect(stringLike('AGG#*', 'AGGREC#1')).toBe(false);
    expect(stringLike('SETTINGS', 'SETTINGS')).toBe(true);
    expect(stringLike('SETTINGS', 'SETTINGSX')).toBe(false);
    expect(stringLike('A?C', 'ABC')).toBe(true);
    expect(stringLike('A.C', 'ABC')).toBe(false);
  });

  it('reads a transaction’s items and a batch’s requests as the item actions IAM authorizes', () => {
    expect(
      accessesOf('TransactWriteCommand', {
        TransactItems: [
          { Put: { Item: { PK: 'ORDER#1', SK: 'A#ORDER' } } },
          { Update: { Key: { PK: 'WAREHOUSE#w', SK: 'WAREHOUSE' } } },
          { Delete: { Key: { PK: 'STATUS#s', SK: 'STATUS' } } },
          { ConditionCheck: { Key: { PK: { S: 'STATUS#t' }, SK: { S: 'STATUS' } } } },
        ],
      }),
    ).toEqual([
      { action: 'PutItem', partitionKey: 'ORDER#1' },
      { action: 'UpdateItem', partitionKey: 'WAREHOUSE#w' },
      { action: 'DeleteItem', partitionKey: 'STATUS#s' },
      { action: 'ConditionCheckItem', partitionKey: 'STATUS#t' },
    ]);
    expect(
      accessesOf('BatchWriteCommand', {
        RequestItems: {
          table: [
            { PutRequest: { Item: { PK: 'RULELIST#1', SK: 'SKU#a' } } },
            { DeleteRequest: { Key: { PK: 'ALERTSTATE#r', SK: 'x' } } },
          ],
        },
      }),
    ).toEqual([
      { action: 'BatchWriteItem', partitionKey: 'RULELIST#1' },
      { action: 'BatchWriteItem', partitionKey: 'ALERTSTATE#r' },
    ]);
    expect(accessesOf('QueryCommand', { IndexName: 'GSI1' })).toEqual([{ action: 'Query', index: 'GSI1' }]);
  });

  it('allows a group its own writes and idempotency records, and refuses the rest', () => {
    const orders = catalogueOf('orders');
    const reports = catalogueOf('reports');
    expect(allows(orders, 'PutItem', 'ORDER#01J')).toBe(true);
    expect(allows(orders, 'DeleteItem', 'ORDER#01J')).toBe(false);
    expect(allows(orders, 'BatchWriteItem', 'ORDER#01J')).toBe(false);
    expect(allows(orders, 'Scan', undefined)).toBe(false);
    expect(allows(reports, 'Query', undefined)).toBe(true);
    expect(allows(reports, 'PutItem', 'EXPORT#01J')).toBe(true);
    expect(allows(reports, 'PutItem', 'ORDER#01J')).toBe(false);
    expect(allows(reports, 'UpdateItem', 'IDEMPOTENCY#user-1#exportReportPdf#k1')).toBe(true);
    // Another group's idempotency record, though the key's parts are free text.
    expect(allows(reports, 'UpdateItem', 'IDEMPOTENCY#user-1#createVendor#k1')).toBe(false);
    expect(allows(reports, 'UpdateItem', 'IDEMPOTENCY#exportReportPdf#createVendor#k1')).toBe(false);
  });

  it('names each access outside the grants once', async () => {
    expect(
      await accessesOutsideGrants([
        { group: 'reports', action: 'GetItem', partitionKey: 'SETTINGS' },
        { group: 'reports', action: 'PutItem', partitionKey: 'ORDER#1' },
        { group: 'reports', action: 'PutItem', partitionKey: 'ORDER#1' },
        { group: 'vendors', action: 'BatchWriteItem', partitionKey: 'VENDOR#1' },
        { group: 'nobody', action: 'GetItem', partitionKey: 'X' },
      ]),
    ).toEqual(['reports PutItem on ORDER#1', 'vendors BatchWriteItem on VENDOR#1', 'nobody GetItem on X']);
  });
});
