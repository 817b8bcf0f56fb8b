/** How far an upload is, in whole percent, from the browser's progress event. */
export function uploadPercent({ loaded, total }: { loaded: number; total: number | null }): number {
  return total ? Math.round((loaded / total) * 100) : 0;
}

/** The bar of an upload under way; `label` names it for screen readers ("Uploading… 40%"). */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
