/**
 * The export body's schema names the reports from a list of its own (report-names.ts), so the contract
 * loads without the report tables; this keeps that list and the registry's reports the same.
 */
import { describe, expect, it } from 'vitest';
import { exportableReports } from '../../functions/reports/exports/registry';
import { reportNames } from '../../functions/reports/exports/report-names';

describe('the reports an export can name', () => {
  it('are exactly the reports the registry holds', () => {
    expect([...reportNames].sort()).toEqual(Object.keys(exportableReports).sort());
  });
});
