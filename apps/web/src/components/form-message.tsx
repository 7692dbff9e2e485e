/**
 * A refusal or failure in red, announced when it appears: the whole form's, under it, or (with the
 * `id` its field's aria-describedby names) one field's or one group's.
 */
export function FormMessage({ message, id }: { message: string | null; id?: string }) {
  return (
    <p id={id} role="alert" className="text-sm text-error">
      {message}
    </p>
  );
}
