/** The time and the warning log a service runs on, given in its deps: tests give their own (a fixed clock, a log they
 * read), the running server gives neither and gets the real ones. */
export interface ClockAndLog {
  clock?: () => number;
  log?: (message: string) => void;
}

/** A service holding its deps' clock and log, or the defaults: Date.now and console.warn. */
export abstract class WithClockAndLog {
  protected readonly clock: () => number;
  protected readonly log: (message: string) => void;

  constructor(deps: ClockAndLog) {
    this.clock = deps.clock ?? Date.now;
    this.log = deps.log ?? ((message) => console.warn(message));
  }
}
