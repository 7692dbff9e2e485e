/** The UTC day of a moment, as the day tables key it. */
export const utcDay = (moment: Date): string => moment.toISOString().slice(0, 10);
