import type { PageMeta } from "../types";

/** Previous / next links for a paginated list; `to(page)` builds the page's hash link. */
export function Pager({ meta, to }: { meta: PageMeta | undefined; to: (page: number) => string }) {
  if (!meta || meta.totalPages <= 1) return null;
  const { page, totalPages, total } = meta;
  return (
    <nav class="pager" aria-label="Pages">
      {page > 1 ? (
        <a class="button" href={to(page - 1)} rel="prev">
          ← Previous
        </a>
      ) : (
        <span />
      )}
      <span class="muted">
        Page {page} of {totalPages} · {total} in all
      </span>
      {page < totalPages ? (
        <a class="button" href={to(page + 1)} rel="next">
          Next →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
