/** A part of a screen (a panel, a dialog's body) waiting for its data: the same spinner and words everywhere. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <div className="flex items-center justify-center gap-3 py-8 text-base-content/70" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-sm text-primary" aria-hidden="true" />
      {label}
    </div>
  );
}
