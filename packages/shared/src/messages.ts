/** User-facing texts of the spec (section 8), with obvious typos fixed (see docs/spec-deviations.md). */
export const MESSAGES = {
  querySubmitted: 'Your query is submitted successfully',
} as const;
