/** A failure that takes the place of what could not be shown, announced when it appears. */
export function ErrorAlert({ message }: { message: string }) {
  return (
    <p role="alert" className="alert alert-error">
      {message}
    </p>
  );
}
