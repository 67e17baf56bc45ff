/**
 * Reorder suggestions end to end against DynamoDB Local and the S3 emulator (issue 30 §2): a purchase-order
 * source's packSize is stored and answered; two alert rules hold one SKU low with their own lead times (the
 * vendor's, and a cover_below rule's own); the stock rule's minimum level raises one rule's order; the
 * minimum order quantity is a minimum and the pack rounds up; the low-stock row shows the rule that
 * suggests the most and says why; the Excel download's lead-time column is the lead time the suggestion
 * used (read back with exceljs); a rule period's levels replace the rule's, and the explanation says so.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluatePairs } from '../../shared/alerts/evaluate';
import { AlertInputs } from '../../shared/alerts/inputs';
import { reportingDay } from '../../shared/domain/reporting-days';
import { applyStockMovements } from '../../shared/stock/ledger';
import { poSourceInput, seedWarehouse, vendorInput } from '../support/builders';
import type { CallSpec } from '../support/call';
import { call } from '../support/call';
import { countUnitsSold } from '../support/sold-units';

const zone = 'UTC';
process.env.REPORTING_TIME_ZONE = zone;
const today = reportingDay(new Date(), zone);
const yesterday = reportingDay(new Date(Date.now() - 86_400_000), zone);

const sku = `PACK-${Date.now().toString(36)}`;
let warehouseId = '';
let vendorId = '';
let poSourceId = '';
let lowRuleId = '';
let coverRuleId = '';
let stockRuleId = '';

async function ok(spec: CallSpec, status = 201) {
  const answer = await call({ role: 'manager', ...spec });
  expect(answer.status, `${spec.method} ${spec.path}: ${answer.text}`).toBe(status);
  return answer.body;
}

const evaluate = () => evaluatePairs([{ sku, warehouseId }], new AlertInputs(new Date(), zone));

const lowStockRow = async () => {
  const report = await ok(
    { method: 'GET', path: `/v1/reports/inventory/low-stock?warehouseId=${warehouseId}` },
    200,
  );
  return report.items.find((item: { sku: string }) => item.sku === sku);
};

beforeAll(async () => {
  const warehouse = await seedWarehouse({ code: 'PACKS' });
  warehouseId = warehouse.id;
  await ok(
    {
      method: 'PUT',
      path: '/v1/inventory/alert-settings',
      headers: { 'if-match': '*' },
      body: { enabled: true, lookBackDays: 10, defaultLeadTimeDays: 7, defaultSafetyDays: 3 },
    },
    200,
  );
  vendorId = (
    await ok({
      method: 'POST',
      path: '/v1/vendors',
      body: vendorInput({ name: 'Northern Pottery', leadTimeDays: 10 }),
    })
  ).id;
  // 30 units sold yesterday on orders assigned to the warehouse; received today, so in stock on no day of
  // the window: velocity 30 / 10 look-back days = 3 a day.
  await countUnitsSold({ sku, warehouseId, quantity: 30, day: yesterday, timeZone: zone });
  await applyStockMovements([{ sku, warehouseId, type: 'receipt', quantity: 20, unitCost: 100 }]);
});

describe('packSize on purchase-order sources', () => {
  it('is stored and answered, and refused unless a whole number from 1', async () => {
    const created = await ok({
      method: 'POST',
      path: '/v1/vendors/po-sources',
      body: poSourceInput(vendorId, warehouseId, { sku, minimumOrderQuantity: 12, packSize: 5 }),
    });
    poSourceId = created.id;
    expect(created).toMatchObject({ sku, minimumOrderQuantity: 12, packSize: 5 });
    expect(created).not.toHaveProperty('leadTimeDays');
    const listed = await ok({ method: 'GET', path: `/v1/vendors/po-sources?sku=${sku}` }, 200);
    expect(listed.items).toEqual([expect.objectContaining({ id: poSourceId, packSize: 5 })]);
    for (const packSize of [0, 2.5, '5', 1_000_001]) {
      const refused = await call({
        method: 'POST',
        path: '/v1/vendors/po-sources',
        role: 'manager',
        body: poSourceInput(vendorId, warehouseId, { sku: `${sku}-X`, packSize }),
      });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.errors.map((error: { path: string }) => error.path)).toEqual(['body.packSize']);
    }
  });
});

describe('the low-stock report with two rules, a minimum level and packs', () => {
  beforeAll(async () => {
    lowRuleId = (
      await ok({
        method: 'POST',
        path: '/v1/inventory/alert-rules',
        body: {
          name: 'Below 100',
          scope: { skuPatterns: [sku] },
          condition: { type: 'available_below', quantity: 100 },
        },
      })
    ).id;
    coverRuleId = (
      await ok({
        method: 'POST',
        path: '/v1/inventory/alert-rules',
        body: {
          name: 'Cover for 20 days',
          scope: { skuPatterns: [sku] },
          condition: { type: 'cover_below', leadTimeDays: 20 },
        },
      })
    ).id;
    stockRuleId = (
      await ok({
        method: 'POST',
        path: '/v1/inventory/rules',
        body: { skuPattern: sku, warehouseId, minLevel: 45, maxLevel: 200 },
      })
    ).id;
    expect(await evaluate()).toMatchObject({ assessed: 2, low: 2, failed: 0 });
  });

  it('shows the rule that suggests the most, each rule with its own suggestion and lead time', async () => {
    const row = await lowStockRow();
    // "Below 100": the vendor's 10 days + 3 safety: 3 × 13 = 39 − 20 = 19 short, but the minimum level
    // lacks 45 − 20 = 25 → 25 (at least 12, and whole packs of 5).
    // "Cover for 20 days": its own 20 days + 3: 3 × 23 = 69 − 20 = 49 → at least 12 → packs of 5: 50.
    expect(row).toMatchObject({
      available: 20,
      velocity: 3,
      suggestedQuantity: 50,
      leadTimeDays: 20,
      leadTimeFrom: 'rule',
      vendor: { vendorId, poSourceId, leadTimeDays: 10 },
      rules: [
        { ruleId: lowRuleId, ruleName: 'Below 100', suggestedQuantity: 25, leadTimeDays: 10 },
        { ruleId: coverRuleId, ruleName: 'Cover for 20 days', suggestedQuantity: 50, leadTimeDays: 20 },
      ],
      appliedRule: {
        ruleId: coverRuleId,
        ruleName: 'Cover for 20 days',
        reason:
          'the largest suggestion (50) of the 2 alert rules holding this SKU low here; the others suggest: Below 100 25',
      },
    });
    expect(row.explanation).toMatchObject({
      leadTimeSetBy: { kind: 'rule', id: coverRuleId, name: 'Cover for 20 days' },
      demand: 69,
      shortfall: 49,
      minLevel: 45,
      belowMinLevel: 25,
      needed: 49,
      neededFor: 'demand',
      minimumOrderQuantity: 12,
      packSize: 5,
      roundedToMinimum: 50,
      maxLevel: 200,
      roomUnderMax: 180,
      capped: false,
      suggestedQuantity: 50,
      minLevelMet: true,
      stockRule: { stockRuleId, minLevel: 45, maxLevel: 200, rulePeriod: null },
    });
    expect(row.explanation.text).toContain(
      "Lead time 20 days (alert rule Cover for 20 days's own, instead of the source's 10 days)",
    );
    expect(row.explanation.text).toContain('Needed 49; at least the minimum order of 12, in packs of 5: 50.');
  });

  it("answers the other rule's figures under ?ruleId=, the minimum level ruling there", async () => {
    const report = await ok(
      { method: 'GET', path: `/v1/reports/inventory/low-stock?ruleId=${lowRuleId}` },
      200,
    );
    const row = report.items.find((item: { sku: string }) => item.sku === sku);
    expect(row).toMatchObject({
      suggestedQuantity: 25,
      leadTimeDays: 10,
      leadTimeFrom: 'vendor',
      appliedRule: { ruleId: lowRuleId, reason: 'the only alert rule holding this SKU low here' },
    });
    expect(row.explanation).toMatchObject({
      leadTimeSetBy: { kind: 'vendor', id: vendorId, name: 'Northern Pottery' },
      shortfall: 19,
      belowMinLevel: 25,
      needed: 25,
      neededFor: 'minimum level',
      suggestedQuantity: 25,
    });
  });

  it("writes the lead time the suggestion used in the Excel download's lead-time column", async () => {
    const answer = await call({
      method: 'GET',
      path: `/v1/reports/inventory/low-stock/download?warehouseId=${warehouseId}`,
      role: 'viewer',
    });
    expect(answer.status, answer.text).toBe(302);
    const fetched = await fetch(answer.headers.location!);
    expect(fetched.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await fetched.arrayBuffer()) as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Low stock',
      'Draft purchase order',
      'How it was figured',
    ]);
    const rowsOf = (name: string) => {
      const sheet = workbook.getWorksheet(name)!;
      const values: unknown[][] = [];
      sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
      const headerAt = values.findIndex((cells) => cells.includes('SKU'));
      const header = values[headerAt] as string[];
      return values
        .slice(headerAt + 1)
        .map((cells) => Object.fromEntries(header.map((title, index) => [title, cells[index]])));
    };
    const low = rowsOf('Low stock').find((row) => row.SKU === sku)!;
    expect(low).toMatchObject({
      Suggested: 50,
      'Lead time (days)': 20,
      'Lead time from': 'rule',
      Rules: 'Below 100, Cover for 20 days',
    });
    const order = rowsOf('Draft purchase order').find((row) => row.SKU === sku)!;
    expect(order).toMatchObject({ Quantity: 50 });
    const figured = rowsOf('How it was figured').find((row) => row.SKU === sku)!;
    expect(figured['Rule applied']).toBe('Cover for 20 days');
    expect(figured.Explanation).toEqual(expect.stringContaining('Suggest 50 from Northern Pottery'));
  });

  it("takes an active rule period's levels and names the period", async () => {
    await ok({
      method: 'POST',
      path: '/v1/inventory/rules/periods',
      body: { ruleId: stockRuleId, name: 'Spring push', from: today, to: today, minLevel: 80, maxLevel: 90 },
    });
    await evaluate();
    const row = await lowStockRow();
    // The period's minimum 80 lacks 60 > 49 → 60; its maximum 90 leaves room for 70: 60 fits.
    expect(row.explanation).toMatchObject({
      minLevel: 80,
      belowMinLevel: 60,
      needed: 60,
      neededFor: 'minimum level',
      maxLevel: 90,
      roomUnderMax: 70,
      suggestedQuantity: 60,
      stockRule: {
        stockRuleId,
        rulePeriod: { name: 'Spring push', from: today, to: today },
        minLevel: 80,
        maxLevel: 90,
      },
    });
    expect(row.explanation.stockRule.reason).toBe(
      `the only enabled stock rule matching (exact SKU ${sku}, this warehouse); its period Spring push (${today} to ${today}) sets the levels today`,
    );
  });
});
