/**
 * Reports' edges as pure functions: one error entry per bad field of any report's query (an export's
 * `limit` an integer or refused), a bad cursor named as a field, a valuation day after today refused,
 * the valuation's bulk replay equal to each record's own, and event times to the millisecond in order.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { parseReportQuery } from '../../functions/reports/exports/query';
import { exportableReports } from '../../functions/reports/exports/registry';
import { checkValuationDay } from '../../functions/reports/inventory/valuation';
import { ValidationFailed } from '../../shared/errors';
import { decodeRecords } from '../../shared/events/decode';
import { toDomainEvent } from '../../shared/events/domain-events';
import { changeTime, inStreamOrder } from '../../shared/events/event-time';
import { replayMovements, replayedByRecord } from '../../shared/domain/stock-valuation';
import { invalidCursorProblem } from '../../shared/http/problem';

const refusal = (run: () => unknown): ValidationFailed => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationFailed) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe("an export's query", () => {
  const badValues = ['', 'abc', '0', '-1', '99999', '1e2', '2026-02-30', 'x'.repeat(3000), '\u0000'];

  it('names each bad field exactly once, whatever the report, field and value', () => {
    let refused = 0;
    for (const [name, report] of Object.entries(exportableReports)) {
      const fields = Object.keys(
        (report.query as unknown as { _zod: { def: { shape: object } } })._zod.def.shape,
      );
      for (const field of fields) {
        for (const value of badValues) {
          let problem: ValidationFailed;
          try {
            problem = refusal(() => parseReportQuery(report, { [field]: value }));
          } catch {
            continue; // a value this field takes
          }
          refused += 1;
          expect(problem.errors, `${name} ${field}=${JSON.stringify(value.slice(0, 12))}`).toEqual([
            { path: `body.query.${field}`, message: expect.any(String) },
          ]);
        }
      }
    }
    expect(refused).toBeGreaterThan(100);
  });

  it.each(['abc', '5.0', '', '0', '201'])(
    'takes limit=%j as a refusal naming body.query.limit, never ignored',
    (limit) => {
      for (const name of [
        'stock-levels',
        'movements',
        'shipped-manifest-detail',
        'sales-detailed',
        'top-sellers',
      ]) {
        const problem = refusal(() => parseReportQuery(exportableReports[name]!, { limit }));
        expect(problem.errors.map((error) => error.path)).toEqual(['body.query.limit']);
      }
    },
  );

  it('takes a whole-number limit as a number', () => {
    expect(parseReportQuery(exportableReports['stock-levels']!, { limit: '25' })).toMatchObject({
      limit: 25,
    });
  });

  it('a two-fields refusal names each once: from and to', () => {
    const problem = refusal(() =>
      parseReportQuery(exportableReports['sales-summary']!, { from: 'someday', to: '2026-02-30' }),
    );
    expect(problem.errors.map((error) => error.path)).toEqual(['body.query.from', 'body.query.to']);
  });
});

it('a cursor this service did not make is a 400 with one entry naming where it was sent', () => {
  const problem = invalidCursorProblem('body.query.cursor');
  expect(problem.status).toBe(400);
  expect(problem.errors).toEqual([
    { path: 'body.query.cursor', message: expect.stringContaining('start again') },
  ]);
});

describe('valuation day', () => {
  it('is at most today in the reporting zone', () => {
    expect(() => checkValuationDay(undefined, '2026-11-25', 'UTC')).not.toThrow();
    expect(() => checkValuationDay('2026-11-25', '2026-11-25', 'UTC')).not.toThrow();
    expect(() => checkValuationDay('1990-01-01', '2026-11-25', 'UTC')).not.toThrow();
    const problem = refusal(() => checkValuationDay('2026-11-26', '2026-11-25', 'Pacific/Auckland'));
    expect(problem.errors).toEqual([
      { path: 'query.asOf', message: 'must be a day up to today (2026-11-25 in Pacific/Auckland)' },
    ]);
  });

  it('replays many records in one pass exactly as each record alone', () => {
    const movements = [
      { warehouseId: 'W1', sku: 'A', quantity: 10, unitCost: 1000, at: '2026-01-01T10:00:00.000Z' },
      { warehouseId: 'W2', sku: 'A', quantity: 4, unitCost: 700, at: '2026-01-01T11:00:00.000Z' },
      { warehouseId: 'W1', sku: 'constructor', quantity: 3, unitCost: 333, at: '2026-01-02T10:00:00.000Z' },
      { warehouseId: 'W1', sku: 'A', quantity: 5, unitCost: 1600, at: '2026-01-03T10:00:00.000Z' },
      { warehouseId: 'W1', sku: 'A', quantity: -12, at: '2026-01-04T10:00:00.000Z' },
      { warehouseId: 'W1', sku: 'A', quantity: 2, at: '2026-01-05T10:00:00.000Z' },
      { warehouseId: 'W2', sku: 'A', quantity: -4, at: '2026-01-05T11:00:00.000Z' },
    ];
    const replayed = replayedByRecord(movements);
    for (const [warehouseId, sku] of [
      ['W1', 'A'],
      ['W2', 'A'],
      ['W1', 'constructor'],
    ] as const) {
      expect(replayed.get(warehouseId)!.get(sku)).toEqual(
        replayMovements(movements.filter((m) => m.warehouseId === warehouseId && m.sku === sku)),
      );
    }
    expect(replayed.get('W1')!.get('A')).toMatchObject({ onHand: 5, averageUnitCost: 1200 });
  });
});

describe('event time', () => {
  // DynamoDB Local rounds a record's creation time down to the minute (DynamoDB to the second).
  const minute = Date.parse('2026-11-25T10:15:00.000Z') / 1000;
  const record = (eventName: string, item: Record<string, unknown>, sequence: string) => ({
    eventID: sequence,
    eventName,
    dynamodb: {
      ApproximateCreationDateTime: minute,
      SequenceNumber: sequence,
      ...(eventName === 'REMOVE'
        ? { OldImage: marshall(item) as never }
        : { NewImage: marshall(item) as never }),
    },
  });
  const vendor = (id: string, updatedAt: string) => ({
    PK: `VENDOR#${id}`,
    SK: 'VENDOR',
    entity: 'vendor',
    id,
    code: id,
    name: id,
    version: 1,
    createdAt: '2026-11-25T10:15:00.100Z',
    updatedAt,
  });

  it("keeps the change's own milliseconds when the stream's time is rounded", () => {
    const event = toDomainEvent(record('MODIFY', vendor('A', '2026-11-25T10:15:42.517Z'), '1'))!;
    expect(event.time).toBe('2026-11-25T10:15:42.517Z');
  });

  it("takes the stream's time when the item's instant is not this change's", () => {
    expect(changeTime(minute, { updatedAt: '2026-11-20T08:00:00.000Z' })).toBe('2026-11-25T10:15:00.000Z');
    expect(changeTime(new Date(minute * 1000), { createdAt: '2026-11-25T10:15:03.004Z' })).toBe(
      '2026-11-25T10:15:03.004Z',
    );
    expect(changeTime(minute, undefined)).toBe('2026-11-25T10:15:00.000Z');
    // A write that left updatedAt alone (a counter's ADD) carries an earlier change's instant: not its own.
    const earlier = { updatedAt: '2026-11-25T10:15:03.004Z', count: 1 };
    expect(changeTime(minute, { ...earlier, count: 2 }, earlier)).toBe('2026-11-25T10:15:00.000Z');
    expect(changeTime(minute, { updatedAt: '2026-11-25T10:15:09.120Z' }, earlier)).toBe(
      '2026-11-25T10:15:09.120Z',
    );
  });

  it('orders a batch: times to the millisecond, never before the event before them', () => {
    const { events } = decodeRecords([
      record('INSERT', vendor('A', '2026-11-25T10:15:07.250Z'), '1'),
      record('MODIFY', vendor('B', '2026-11-25T10:15:07.251Z'), '2'),
      // A removal carries no instant of its own: the minute, raised to the event before it.
      record('REMOVE', vendor('B', '2026-11-25T10:15:07.251Z'), '3'),
      record('INSERT', vendor('C', '2026-11-25T10:15:09.999Z'), '4'),
    ]);
    expect(events.map(({ event }) => event.time)).toEqual([
      '2026-11-25T10:15:07.250Z',
      '2026-11-25T10:15:07.251Z',
      '2026-11-25T10:15:07.251Z',
      '2026-11-25T10:15:09.999Z',
    ]);
    expect(inStreamOrder([{ time: 'b' }, { time: 'a' }])).toEqual([{ time: 'b' }, { time: 'b' }]);
  });
});
