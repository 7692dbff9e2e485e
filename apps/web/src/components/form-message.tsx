/** A refusal or failure for the whole form, in red under it, announced when it appears. */
export function FormMessage({ message }: { message: string | null }) {
  return (
    <p role="alert" className="text-sm text-error">
      {message}
    </p>
  );
}
