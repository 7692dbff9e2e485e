/**
 * A setting the shop cannot start with (config.ts, and checks against the database such as the
 * shop's currency). Its message is the whole answer, written for the person who set it: the start
 * prints it alone, without a stack trace that would hide it.
 */
export class ConfigurationError extends Error {
  constructor(problems: string | readonly string[]) {
    super(`Invalid configuration:\n  ${[problems].flat().join('\n  ')}`);
    this.name = 'ConfigurationError';
  }
}
