import { describe, expect, it } from 'vitest';
import { createKeptAnswers, type Keepable } from './kept-answers.ts';

// What the store keeps on top of lru-cache: groups, and the protected segment's shared budget.

const value = (group?: string, size = 10): Keepable => ({ size, group });

describe('kept answers', () => {
  it('forgets a group wherever its values are, protected or not, and nothing else', () => {
    const kept = createKeptAnswers({ maxEntries: 10, maxBytes: 1_000, protectAfterClients: 2 });
    kept.set('ana-1', value('ana'), 'a');
    kept.use('ana-1', 'b'); // now protected
    kept.set('ana-2', value('ana'), 'a');
    kept.set('bob-1', value('bob'), 'a');
    kept.set('none', value(), 'a');
    kept.forget('ana');
    expect(kept.peek('ana-1')).toBeUndefined();
    expect(kept.peek('ana-2')).toBeUndefined();
    expect([kept.peek('bob-1'), kept.peek('none')]).toEqual([value('bob'), value()]);
    expect(kept.size).toBe(2);
  });

  it('forgets a value of a group once it left for want of room: a later forget finds nothing', () => {
    const kept = createKeptAnswers({ maxEntries: 2, maxBytes: 1_000 });
    kept.set('ana-1', value('ana'), undefined);
    kept.set('bob-1', value('bob'), undefined);
    kept.set('bob-2', value('bob'), undefined);
    expect(kept.peek('ana-1')).toBeUndefined();
    kept.set('ana-1', value('other'), undefined);
    kept.forget('ana');
    expect(kept.peek('ana-1')).toEqual(value('other'));
  });

  it('counts the bytes of both segments against one budget, dropping ordinary values first', () => {
    const kept = createKeptAnswers({ maxEntries: 10, maxBytes: 100, protectAfterClients: 2 });
    for (const key of ['s1', 's2']) {
      kept.set(key, value(undefined, 30), 'a');
      kept.use(key, 'b');
    }
    kept.set('o1', value(undefined, 30), 'a');
    kept.set('o2', value(undefined, 30), 'a');
    // 120 bytes asked for, 100 allowed: the ordinary one used least recently goes.
    expect(kept.peek('o1')).toBeUndefined();
    expect([kept.peek('s1'), kept.peek('s2'), kept.peek('o2')].every(Boolean)).toBe(true);
    // A value that fits only in place of protected ones is the one that goes.
    kept.set('big', value(undefined, 90), 'a');
    expect(kept.peek('big')).toBeUndefined();
    expect([kept.peek('s1'), kept.peek('s2')].every(Boolean)).toBe(true);
    expect(kept.size).toBe(2);
  });

  it('makes the least recently used protected value ordinary again when the segment is full', () => {
    const kept = createKeptAnswers({ maxEntries: 4, maxBytes: 1_000, protectAfterClients: 2 });
    for (const key of ['a', 'b', 'c']) {
      kept.set(key, value(), 'x');
      kept.use(key, 'y');
    }
    kept.use('a', 'x'); // a is now the protected value used most recently
    kept.set('d', value(), 'x');
    kept.use('d', 'y'); // three protected at most: b becomes ordinary
    kept.set('e', value(), 'x'); // five entries: the only ordinary one but e, b, goes
    expect(kept.peek('b')).toBeUndefined();
    expect(['a', 'c', 'd', 'e'].map((key) => kept.peek(key) !== undefined)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });
});
