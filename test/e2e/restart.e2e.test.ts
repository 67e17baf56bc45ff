/** Data and the event stream survive a restart: DynamoDB on disk, and the poller resumes from its checkpoint. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/free-port';
import type { Runtime } from '../../infra/local/runtime';
import { startRuntime } from '../../infra/local/runtime';
import { configureRetryPolicy } from '../../shared/db/retry';
import { api, token } from '../support/http';

const dataDir = mkdtempSync(join(tmpdir(), 'commerce-restart-'));
let runtime: Runtime | undefined;

afterAll(async () => {
  await runtime?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<Runtime> {
  runtime = await startRuntime({ port: await freePort(), dataDir, quiet: true });
  return runtime;
}

function eventsOfType(type: string): Array<{ type: string; resourceId?: string }> {
  const file = join(dataDir, 'events.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((event) => event.type === type);
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a restart of the local runtime', () => {
  it('keeps the data and the events', async () => {
    const first = await start();
    const created = await api('POST', '/v1/vendors', {
      baseUrl: first.url,
      dataDir,
      role: 'manager',
      body: { code: 'ACME', name: 'Acme', currency: 'USD' },
    });
    expect(created.status).toBe(201);
    await first.stop();
    runtime = undefined;

    const second = await start();
    expect(second.url).not.toBe('');
    const read = await api('GET', `/v1/vendors/${created.body.id}`, {
      baseUrl: second.url,
      dataDir,
      role: 'viewer',
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    const event = await waitFor(
      () => eventsOfType('vendor.created').find((candidate) => candidate.resourceId === created.body.id),
      10_000,
    );
    expect(event, 'vendor.created in events.jsonl').toBeDefined();
    // Resumed after the checkpoint: the event is there once, not replayed by the restart.
    expect(eventsOfType('vendor.created')).toHaveLength(1);
  });
});

describe('DynamoDB Local dying under requests', () => {
  it('answers every request under way (503 or 504, never a cut connection) before the runtime stops', async () => {
    await runtime?.stop();
    runtime = undefined;
    configureRetryPolicy({ deadlineMs: 1_500, baseMs: 10, capMs: 100 });
    try {
      const live = await start();
      const bearer = await token('manager', { dataDir });
      const burst = Array.from({ length: 12 }, (_, n) =>
        api('POST', '/v1/vendors', {
          baseUrl: live.url,
          token: bearer,
          headers: { 'idempotency-key': `dying-${n}` },
          body: { code: `DYING${n}`, name: `Dying ${n}`, currency: 'USD' },
        }).then(
          (answer) => answer.status,
          (error: Error) =>
            `no answer: ${error.message} ${String((error.cause as { code?: string } | undefined)?.code)}`,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 30));
      process.kill(live.dynamoPid!, 'SIGKILL');
      // As npm start does once it sees the JVM gone: stop, with the burst still under way.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const stopping = live.stop();
      runtime = undefined;
      const statuses = await Promise.all(burst);
      await stopping;
      for (const status of statuses) expect([201, 503, 504], String(status)).toContain(status);
      expect(statuses.filter((status) => status !== 201).length).toBeGreaterThan(0);
    } finally {
      configureRetryPolicy(undefined);
    }
  });
});
