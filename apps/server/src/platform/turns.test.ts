import { describe, expect, it } from 'vitest';
import { createTurns } from './turns.ts';

const limits = { atOnce: 1, queueLength: 2, retryAfterSeconds: 5 };
const refusal = { kind: 'busy' as const, message: (wait: string) => `Busy. Try again in ${wait}.` };

/** A task that runs until released, recording that it ran. */
function heldTask(name: string, ran: string[]) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { task: async () => (ran.push(name), held), release };
}

describe('turns', () => {
  it('lets a waiting caller who has gone leave the queue at once: its task never runs and its place is free', async () => {
    const turns = createTurns(limits, refusal);
    const ran: string[] = [];
    const first = heldTask('first', ran);
    const running = turns.run(first.task);
    const gone = new AbortController();
    const leaving = turns.run(async () => ran.push('gone'), gone.signal);
    const third = turns.run(async () => ran.push('third'));
    // The queue (2) is full: a fourth is refused.
    await expect(turns.run(async () => ran.push('refused'))).rejects.toMatchObject({ kind: 'busy' });
    gone.abort(new Error('closed'));
    await expect(leaving).rejects.toThrow('closed');
    // Its place is free again: a fourth now waits instead of being refused.
    const fourth = turns.run(async () => ran.push('fourth'));
    first.release();
    await Promise.all([running, third, fourth]);
    expect(ran).toEqual(['first', 'third', 'fourth']);
    expect(turns.idle).toBe(true);
  });

  it('does not start the task of a caller gone before its turn came, and hands the turn on', async () => {
    const turns = createTurns(limits, refusal);
    const gone = new AbortController();
    gone.abort(new Error('closed before asking'));
    await expect(turns.run(async () => 'never', gone.signal)).rejects.toThrow('closed before asking');
    expect(turns.idle).toBe(true);
    // Queued behind a running task and gone while the spacing or hand-over is under way: no task runs.
    const ran: string[] = [];
    const first = heldTask('first', ran);
    const running = turns.run(first.task);
    const late = new AbortController();
    const waiting = turns.run(async () => ran.push('late'), late.signal);
    first.release();
    late.abort(new Error('closed'));
    await running;
    await expect(waiting).rejects.toThrow('closed');
    expect(ran).toEqual(['first']);
    expect(await turns.run(async () => 'next')).toBe('next');
  });
});
