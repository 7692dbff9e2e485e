export function LoadingSpinner({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-12">
      <span className="loading loading-spinner loading-lg text-primary" role="status" aria-label={label} />
    </div>
  );
}
