import type { ComponentProps } from 'react';

// Whole class names, so Tailwind finds them in the source.
const SPINNER_SIZES = { xs: 'loading-xs', sm: 'loading-sm' } as const;

interface PendingButtonProps extends ComponentProps<'button'> {
  /** While the request it started runs, the button shows a spinner and cannot be pressed again. */
  pending: boolean;
  spinnerSize?: keyof typeof SPINNER_SIZES;
}

export function PendingButton({ pending, disabled = false, spinnerSize = 'sm', children, ...button }: PendingButtonProps) {
  return (
    <button {...button} disabled={disabled || pending}>
      {pending && <span className={`loading loading-spinner ${SPINNER_SIZES[spinnerSize]}`} aria-hidden="true" />}
      {children}
    </button>
  );
}
