/** A centred spinner that names what is being waited for. */
export function LoadingSpinner({ label, className = 'py-12' }: { label: string; className?: string }) {
  return (
    <div className={`flex justify-center ${className}`}>
      <span className="loading loading-spinner loading-lg text-primary" role="status" aria-label={label} />
    </div>
  );
}
