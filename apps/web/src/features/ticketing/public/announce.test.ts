import { afterEach, describe, expect, it, vi } from 'vitest';
import { chime, newCalls, speak, spokenNumber } from './announce.ts';

const counter = (name: string, number: string | null, status = 'called', calledAt = 't1', recalls = 0) => ({
  name,
  ticket: number ? { number, status, called_at: calledAt, recall_count: recalls } : null,
});

describe('newCalls', () => {
  it('announces nothing on the first board', () => {
    expect(newCalls(null, [counter('W1', 'A-001')])).toEqual([]);
  });

  it('announces a new call and a recall (a new called_at), not an unchanged or started ticket', () => {
    const before = [counter('W1', 'A-001'), counter('W2', null), counter('W3', 'C-001')];
    const after = [
      counter('W1', 'A-001', 'called', 't2'),
      counter('W2', 'B-004'),
      counter('W3', 'C-001', 'serving'),
    ];
    expect(newCalls(before, after)).toEqual([
      { counter: 'W1', number: 'A-001', calledAt: 't2' },
      { counter: 'W2', number: 'B-004', calledAt: 't1' },
    ]);
    expect(newCalls(after, after)).toEqual([]);
  });

  it('announces a recall: the recall count goes up while called_at stays the first call’s', () => {
    const before = [counter('W1', 'A-001', 'called', 't1', 0)];
    const after = [counter('W1', 'A-001', 'called', 't1', 1)];
    expect(newCalls(before, after)).toEqual([{ counter: 'W1', number: 'A-001', calledAt: 't1' }]);
    expect(newCalls(after, after)).toEqual([]);
  });
});

describe('the announcement', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads a number character by character', () => {
    expect(spokenNumber('A-012')).toBe('A 0 1 2');
  });

  it('does nothing where the browser has no speech synthesis or audio', () => {
    vi.stubGlobal('speechSynthesis', undefined);
    vi.stubGlobal('AudioContext', undefined);
    expect(() => speak('A-001', 'Window 1')).not.toThrow();
    expect(() => chime()).not.toThrow();
  });

  it('speaks the number and the counter', () => {
    const spoken: string[] = [];
    vi.stubGlobal('speechSynthesis', { speak: (u: { text: string }) => spoken.push(u.text) });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        text: string;
        constructor(text: string) {
          this.text = text;
        }
      },
    );
    speak('A-001', 'Window 1');
    expect(spoken).toEqual(['Ticket A 0 0 1, please go to Window 1']);
  });
});
