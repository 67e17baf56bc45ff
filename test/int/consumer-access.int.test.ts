/**
 * The stream consumers' and report jobs' table access, recorded as the API groups' is (their grants in
 * infra/group-access.ts consumerAccess): each runs here on real data under its own name, and the
 * per-file audit in int-setup fails on any access its grants would refuse. These tests check that each
 * did write, so the audit has something to judge.
 */
import { describe, expect, it } from 'vitest';
import { runPendingExport } from '../../functions/reports/jobs/run';
import { applyAggregateRecords } from '../../shared/aggregates/apply';
import { aggregateRecordsOf } from '../../shared/aggregates/records';
import { evaluatePairs } from '../../shared/alerts/evaluate';
import { AlertInputs } from '../../shared/alerts/inputs';
import { db } from '../../shared/db/client';
import { applyStockMovements } from '../../shared/stock/ledger';
import type { RecordedAccess } from '../support/access-recorder';
import { accessesOutsideGrants, asGroup, recordAccess } from '../support/access-recorder';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { savePendingExportItCannotMake } from '../support/export-builders';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';
import { drainStream } from '../support/stream-drain';

const recorded: RecordedAccess[] = recordAccess(db());
const writesOf = (consumer: string) =>
  recorded
    .filter((access) => access.group === consumer && access.action !== 'Query' && access.action !== 'GetItem')
    .map((access) => `${access.action} ${access.partitionKey?.split('#')[0]}#`);

describe('consumers write only what their grants allow', () => {
  it('the aggregates consumer: cell updates and record markers', async () => {
    const warehouse = await seedWarehouse();
    await stock('CA-1', warehouse.id, 10);
    const created = await call({
      method: 'PUT',
      path: `/v1/orders/${orderId()}`,
      body: orderInput({ lines: [orderLine({ sku: 'CA-1', quantity: 2 })], warehouseId: warehouse.id }),
      role: 'operator',
    });
    expect(created.status, created.text).toBe(201);
    await asGroup('aggregates', () =>
      drainStream((records) => applyAggregateRecords(aggregateRecordsOf(records, 'UTC').readable, 'UTC')),
    );
    expect(new Set(writesOf('aggregates'))).toEqual(new Set(['PutItem AGGREC#', 'UpdateItem AGG#']));
    expect(await accessesOutsideGrants(recorded)).toEqual([]);
  });

  it('the alerts evaluator: standings only', async () => {
    const warehouse = await seedWarehouse();
    const settings = await call({
      method: 'PUT',
      path: '/v1/inventory/alert-settings',
      headers: { 'if-match': '*' },
      body: { enabled: true, lookBackDays: 10, defaultLeadTimeDays: 7, defaultSafetyDays: 3 },
    });
    expect(settings.status, settings.text).toBeLessThan(300);
    const rule = await call({
      method: 'POST',
      path: '/v1/inventory/alert-rules',
      body: {
        name: 'Audit below 5',
        scope: { skuPatterns: ['AUDIT-*'], warehouseIds: [warehouse.id] },
        condition: { type: 'available_below', quantity: 5 },
        cooldownHours: 0,
      },
    });
    expect(rule.status, rule.text).toBe(201);
    await applyStockMovements([
      { sku: 'AUDIT-1', warehouseId: warehouse.id, type: 'receipt', quantity: 2, unitCost: 100 },
    ]);
    const result = await asGroup('alerts', () =>
      evaluatePairs([{ sku: 'AUDIT-1', warehouseId: warehouse.id }], new AlertInputs(new Date(), 'UTC')),
    );
    expect(result).toMatchObject({ assessed: 1, low: 1 });
    expect(writesOf('alerts').every((write) => write.endsWith(' ALERTSTATE#'))).toBe(true);
    expect(writesOf('alerts').length).toBeGreaterThan(0);
  });

  it('the report jobs: export records only', async () => {
    const id = await savePendingExportItCannotMake('audit');
    expect(await asGroup('reportJobs', () => runPendingExport(id))).toBe('failed');
    expect(writesOf('reportJobs').length).toBeGreaterThan(0);
    expect(writesOf('reportJobs').every((write) => / EXPORT#$/.test(write))).toBe(true);
  });
});
