import { type MrpProposal, type MrpRun, mrpRun } from '@workhub/shared/schemas/operations-mrp';
import { describe, expect, it } from 'vitest';
import { runAnswerJson } from './mrp-run-save.ts';

// POST /api/mrp/runs answers JSON it makes itself (runAnswerJson): the run through its schema, the
// proposals as saveProposals stringified them in batches. It must be what the schema would answer.

const proposal = (seq: number): MrpProposal => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  seq,
  product_id: '00000000-0000-4000-8000-00000000aaaa',
  product_name: `Wheel "${seq}" \\ ✓`,
  kind: seq % 2 === 0 ? 'work' : 'purchase',
  quantity: '1.25',
  need_date: '2026-12-10',
  release_date: '2026-12-01',
  past_due: seq === 1,
  too_large: false,
  pegging: [{ kind: 'proposal', proposal_id: '00000000-0000-4000-8000-00000000bbbb', qty: '2', label: 'x' }],
  status: 'open',
  confirmed_ref: null,
});

const run = (proposals: MrpProposal[]): MrpRun => ({
  id: '00000000-0000-4000-8000-000000000001',
  created_at: '2026-11-28T01:00:00.000Z',
  created_by: null,
  today: '2026-11-28',
  horizon_days: 90,
  horizon_end: '2027-02-26',
  duration_ms: 12,
  summary: {
    products: 3,
    proposals: proposals.length,
    past_due_proposals: 1,
    demands_planned: 1,
    demands_past_due: 0,
    demands_beyond_horizon: 0,
  },
  exception_count: 1,
  confirmed_count: 0,
  proposals,
  exceptions: [
    {
      kind: 'no_bom',
      product_id: '00000000-0000-4000-8000-00000000aaaa',
      product_name: 'Wheel',
      message: 'No BOM',
    },
  ],
});

/** The proposals as saveProposals makes their JSON: `size` per batch. */
const batches = (proposals: MrpProposal[], size: number) => {
  const out: string[] = [];
  for (let from = 0; from < proposals.length; from += size)
    out.push(JSON.stringify(proposals.slice(from, from + size)));
  return out;
};

describe('runAnswerJson', () => {
  it.each([
    ['no proposal', 0, 2],
    ['one batch', 3, 5],
    ['several batches, the last one short', 7, 3],
    ['batches of one', 4, 1],
  ])('answers { data: run, message } as the schema would: %s', (_, count, size) => {
    const proposals = Array.from({ length: count }, (_, index) => proposal(index + 1));
    const answer = JSON.parse(runAnswerJson('MRP run done', run(proposals), batches(proposals, size)));
    expect(answer).toEqual({ data: mrpRun.parse(run(proposals)), message: 'MRP run done' });
    expect(answer.data.proposals).toHaveLength(count);
  });

  it('drops what the schema does not name from the run, and keeps the message exact', () => {
    const extra = { ...run([]), secret: 'not for the answer', exceptions: [] };
    const text = runAnswerJson('Done: "quoted" \\ ✓', extra, ['[]']);
    expect(text).not.toContain('not for the answer');
    expect(JSON.parse(text)).toEqual({
      data: { ...run([]), exceptions: [] },
      message: 'Done: "quoted" \\ ✓',
    });
  });

  it('refuses a run its schema refuses, as the answer of any route would', () => {
    expect(() => runAnswerJson('x', { ...run([]), horizon_days: 1.5 }, [])).toThrow();
  });
});
