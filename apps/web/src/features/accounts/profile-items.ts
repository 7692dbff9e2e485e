/** The profile items a user fills in themselves, in the order the spec lists them. */
export const PROFILE_ITEMS = [
  { field: 'linkedIn', label: 'LinkedIn', inputType: 'url', placeholder: 'https://www.linkedin.com/in/...' },
  { field: 'address', label: 'Address', inputType: 'text', placeholder: 'Street, city, country' },
  { field: 'phone', label: 'Phone', inputType: 'tel', placeholder: '+1 555 123 4567' },
  { field: 'education', label: 'Education', inputType: 'text', placeholder: 'School or degree' },
] as const;

export type ProfileItem = (typeof PROFILE_ITEMS)[number];
export type ProfileItemField = ProfileItem['field'];
