/**
 * An answer given before the commit (answerBeforeCommit) rides in the change's transaction with the
 * Idempotency-Key's record: the kernel then writes nothing after the change, but only when the answer
 * returned is that very answer and the change committed; otherwise the final answer is kept as before.
 */
import { describe, expect, it } from 'vitest';
import { answerBeforeCommit } from '../../shared/db/request-guard';
import { markWriteCommitted, newRequestWrites, recordingWrites } from '../../shared/db/write-outcome';
import { keptByTheChange } from '../../shared/http/idempotency';

const answer = {
  statusCode: 201,
  headers: { 'content-type': 'application/json', etag: '"2"' },
  body: '{"a":1}',
};

describe('keptByTheChange', () => {
  it('holds for the very answer the committed change kept', () => {
    expect(keptByTheChange({ ...answer }, { commits: 1, answered: answer })).toBe(true);
  });

  it('fails when nothing committed, nothing was kept, or the answer differs in status, body or headers', () => {
    expect(keptByTheChange(answer, { commits: 0, answered: answer })).toBe(false);
    expect(keptByTheChange(answer, { commits: 1 })).toBe(false);
    expect(keptByTheChange({ ...answer, statusCode: 200 }, { commits: 1, answered: answer })).toBe(false);
    expect(keptByTheChange({ ...answer, body: '{"a":2}' }, { commits: 1, answered: answer })).toBe(false);
    const otherEtag = { ...answer, headers: { ...answer.headers, etag: '"3"' } };
    expect(keptByTheChange(otherEtag, { commits: 1, answered: answer })).toBe(false);
    const moreHeaders = { ...answer, headers: { ...answer.headers, location: '/x' } };
    expect(keptByTheChange(moreHeaders, { commits: 1, answered: answer })).toBe(false);
  });
});

describe('answerBeforeCommit', () => {
  it('reaches the kernel only before the request first commits', async () => {
    const seen: unknown[] = [];
    const writes = newRequestWrites();
    writes.answering = (result) => seen.push(result);
    await recordingWrites(writes, async () => {
      answerBeforeCommit('first');
      answerBeforeCommit('second');
      markWriteCommitted();
      answerBeforeCommit('after the commit');
    });
    expect(seen).toEqual(['first', 'second']);
  });

  it('does nothing outside a request', () => {
    expect(() => answerBeforeCommit('no request')).not.toThrow();
  });
});
