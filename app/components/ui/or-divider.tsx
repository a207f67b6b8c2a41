// "or" between two ways of doing the same thing, drawn here: daisyUI's divider is left out of the CSS budget (theme.css).
export function OrDivider() {
  return (
    <div className="my-2 flex items-center gap-3 text-sm text-base-content/70" aria-hidden="true">
      <span className="h-px flex-1 bg-base-300" />
      or
      <span className="h-px flex-1 bg-base-300" />
    </div>
  );
}
