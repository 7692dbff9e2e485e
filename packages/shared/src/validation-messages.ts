import type { z } from 'zod';

/**
 * The words people read when a form or a request is refused. Schemas name their usual refusals
 * themselves ("Tool name is required"); this module owns the rest, so a limit a schema states
 * without a message (`.max(1_000_000)`), a wrong type or a missing field never reaches a person in
 * zod's own phrasing ("Too big: expected string to have <=120 characters").
 */

// In shop-constants.ts, which sets no zod error map: the home page's cart rules use it without zod's.
import { formatCount } from './shop-constants.ts';
export { formatCount };

/** The refusal people read when a text is over its limit. */
export const tooLongMessage = (label: string, max: number) => `${label} can be at most ${max} characters`;

/** The refusals of text that is not text (text.ts): a control character, or half of a character. */
export const controlCharacterMessage = (label: string) => `${label} contains an invisible control character: remove it`;
export const brokenCharacterMessage = (label: string) => `${label} contains a broken character: remove it`;

/** Field names the shop's forms and API use, as their labels read; others are spelled out from camelCase. */
const FIELD_LABELS: Record<string, string> = {
  img: 'Image',
  linkedIn: 'LinkedIn',
  q: 'Search',
  url: 'Endpoint URL',
  confirmPassword: 'Confirm password',
  toolId: 'Tool',
  orderId: 'Order',
  slug: 'Page',
};

/** "minimumOrderQuantity" -> "Minimum order quantity"; the last named key of the path. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((part): part is string => typeof part === 'string');
  if (key === undefined) return 'This value';
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Issue = z.core.$ZodRawIssue;

function describeTooBig(label: string, issue: Extract<Issue, { code: 'too_big' }>): string {
  const max = Number(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return tooLongMessage(label, max);
    case 'array':
    case 'set':
      return `${label} can have at most ${formatCount(max)} items`;
    default:
      // 1e20 passes as a number but is past any whole-number limit the shop keeps.
      return issue.inclusive === false ? `${label} must be less than ${formatCount(max)}` : `${label} can be at most ${formatCount(max)}`;
  }
}

function describeTooSmall(label: string, issue: Extract<Issue, { code: 'too_small' }>): string {
  const min = Number(issue.minimum);
  switch (issue.origin) {
    case 'string':
      return min <= 1 ? `${label} is required` : `${label} must be at least ${formatCount(min)} characters`;
    case 'array':
    case 'set':
      return min <= 1 ? `Pick at least one ${label.toLowerCase()}` : `${label} needs at least ${formatCount(min)} items`;
    default:
      return issue.inclusive === false ? `${label} must be greater than ${formatCount(min)}` : `${label} must be at least ${formatCount(min)}`;
  }
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
};

function describeInvalidType(label: string, issue: Extract<Issue, { code: 'invalid_type' }>): string {
  if (issue.input === undefined || issue.input === null) return `${label} is required`;
  return `${label} must be ${TYPE_WORDS[issue.expected] ?? 'of another kind'}`;
}

function describeFormat(label: string, issue: Extract<Issue, { code: 'invalid_format' }>): string {
  switch (issue.format) {
    case 'email':
      return 'Enter a valid email';
    case 'url':
      return `${label} must be a web address (https://...)`;
    case 'uuid':
    case 'guid':
      return `${label} is not a known id`;
    default:
      return `${label} is not valid`;
  }
}

function describeCustom(label: string, issue: Extract<Issue, { code: 'custom' }>): string {
  switch (issue.params?.textProblem) {
    case 'control-character':
      return controlCharacterMessage(label);
    case 'broken-character':
      return brokenCharacterMessage(label);
    default:
      return `${label} is not valid`;
  }
}

/** zod's issue, in the shop's words. Every issue gets one: nothing falls through to zod's locale. */
const shopErrorMap: z.core.$ZodErrorMap = (issue) => {
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case 'too_big':
      return describeTooBig(label, issue);
    case 'too_small':
      return describeTooSmall(label, issue);
    case 'invalid_type':
      return describeInvalidType(label, issue);
    case 'invalid_format':
      return describeFormat(label, issue);
    case 'custom':
      return describeCustom(label, issue);
    case 'not_multiple_of':
      return `${label} must be a multiple of ${formatCount(Number(issue.divisor))}`;
    case 'unrecognized_keys':
      return `${issue.keys.map((key) => fieldLabel([key])).join(', ')} cannot be sent here`;
    case 'invalid_value':
      return issue.values.length <= 6
        ? `${label} must be one of: ${issue.values.map(String).join(', ')}`
        : `${label} is not one of the choices`;
    default:
      return `${label} is not valid`;
  }
};

// Installed where zod reads its settings (globalThis.__zod_globalConfig, the object z.config()
// writes), and without importing zod's runtime: the home page's bundle stays free of zod, and
// the map applies whether zod loads before or after this module. Every shared schema module
// imports this one (through text-limits.ts or directly), so no schema can be used without it.
const zodSettings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodSettings.__zod_globalConfig ??= {};
zodSettings.__zod_globalConfig.customError = shopErrorMap;

/**
 * A refusal as one text, for an API answer: the first problem of each field, in the shop's words.
 * The messages name their field themselves, so no JSON path goes in front of them.
 */
export function describeRefusal(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const firstPerField = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!firstPerField.has(field)) firstPerField.set(field, issue.message);
  }
  return [...new Set(firstPerField.values())].join('; ');
}
