import { z } from 'zod';
// The shop's wording for every refusal these schemas do not word themselves, this rule's included.
import './validation-messages.ts';

/**
 * Text input is text (issue 24). A control character (Unicode's Cc: the C0 codes such as U+0000,
 * DEL and the C1 codes) is nothing a person types, and PostgreSQL refuses U+0000 outright, which
 * answered 500. Half of a character (a lone UTF-16 surrogate, sent as a JSON escape) is no text
 * either. Tab and newline are allowed only in text with lines, such as a review.
 *
 * Every text a form or a request sends is built here: a schema that takes text from outside
 * starts from `text()` or `textWithLines()`, never from `z.string()` (answers the shop writes
 * itself may use `z.string()`). The identity service's calls, which no schema of ours describes,
 * are checked with `textProblem` (apps/server/src/identity/auth-input-rules.ts).
 */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** Cc without tab, line feed and carriage return (a pasted Windows line ends in CR LF). */
const CONTROL_CHARACTER_BESIDES_LINES = /[^\P{Cc}\t\n\r]/u;
/** In a `u` expression a surrogate matches only when it is not half of a pair. */
const BROKEN_CHARACTER = /\p{Cs}/u;

export type TextProblem = 'control-character' | 'broken-character';

/** What is wrong with a text as the shop receives it, or undefined when it is text. */
export function textProblem(text: string, { lines = false }: { lines?: boolean } = {}): TextProblem | undefined {
  if (BROKEN_CHARACTER.test(text)) return 'broken-character';
  if ((lines ? CONTROL_CHARACTER_BESIDES_LINES : CONTROL_CHARACTER).test(text)) return 'control-character';
  return undefined;
}

/**
 * The issue's `params.textProblem` names the problem; the shop's error map words it with the
 * field's label (validation-messages.ts), so every field says its own name. `abort` keeps a
 * field's later rules (required, too long, an email) from speaking about text that is not text.
 */
function textOf(lines: boolean, params?: StringParams) {
  const refusalFor = (problem: TextProblem) => ({ params: { textProblem: problem }, abort: true });
  return z
    .string(params)
    .refine((value) => textProblem(value, { lines }) !== 'broken-character', refusalFor('broken-character'))
    .refine((value) => textProblem(value, { lines }) !== 'control-character', refusalFor('control-character'));
}

/** What `z.string()` takes, e.g. the words for a missing or non-text value. */
type StringParams = Parameters<typeof z.string>[0];

/** One line of text: a name, an email, a search, an id in a path. */
export const text = (params?: StringParams) => textOf(false, params);

/** Text with lines: tabs and newlines are part of it (a review, an order's address, a question). */
export const textWithLines = (params?: StringParams) => textOf(true, params);
