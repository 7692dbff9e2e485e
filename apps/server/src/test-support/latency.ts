const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export interface FloodMeasurement {
  /** Median milliseconds of `read` with nothing else asked of the shop. */
  alone: number;
  /** Median milliseconds of `read` while the flood keeps its requests in flight. */
  flooded: number;
  /** Flood requests answered while `read` was timed. */
  floodAnswers: number;
}

/**
 * Times `read` on its own and while `inFlight` callers each send `flood` again as soon as it is
 * answered. The two are measured in alternating rounds within one test, so whatever else the machine
 * is doing meanwhile (other engineers' tests on two cores) weighs on both medians alike. Reads are
 * `pauseMs` apart, as a visitor's are, so a round lasts long enough for the flood to be answered.
 */
export async function measureUnderFlood(options: {
  read: () => Promise<unknown>;
  /**
   * One flood request. `roundOver` is aborted when the round's reads are timed: a request still
   * waiting may be dropped then (an abort error ends that caller quietly), instead of every caller
   * waiting for its queued answers before the next round.
   */
  flood: (roundOver: AbortSignal) => Promise<unknown>;
  inFlight: number;
  rounds: number;
  samplesPerRound: number;
  pauseMs: number;
}): Promise<FloodMeasurement> {
  const { read, flood, inFlight, rounds, samplesPerRound, pauseMs } = options;
  const alone: number[] = [];
  const flooded: number[] = [];
  let floodAnswers = 0;
  let answered = 0;
  const timeReads = async (into: number[]) => {
    for (let sample = 0; sample < samplesPerRound; sample++) {
      const started = performance.now();
      await read();
      into.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  for (let round = 0; round < rounds; round++) {
    await timeReads(alone);
    let flooding = true;
    answered = 0;
    const roundOver = new AbortController();
    const callers = Array.from({ length: inFlight }, async () => {
      try {
        while (flooding) {
          await flood(roundOver.signal);
          answered += 1;
        }
      } catch (error) {
        if (!roundOver.signal.aborted) throw error;
      } finally {
        // A failed flood request ends the measurement: its error is the test's failure.
        flooding = false;
      }
    });
    // Timed once the flood is running: all its requests were sent, and the first is answered.
    while (flooding && answered === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = answered;
    await timeReads(flooded);
    floodAnswers += answered - before;
    flooding = false;
    roundOver.abort();
    await Promise.all(callers);
  }
  return { alone: median(alone), flooded: median(flooded), floodAnswers };
}
