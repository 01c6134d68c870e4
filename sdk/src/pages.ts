import type { PageMeta } from "./schema.js";

type PageResult<T> = { data?: { data: T[]; meta: PageMeta }; error?: unknown; response: Response };

/**
 * Every item of a paginated list, page after page, e.g.
 * `pages((page) => weft.api.GET("/v1/workflow-runs", { params: { query: { page, pageSize: 100 } } }))`.
 */
export async function* pages<T>(fetchPage: (page: number) => Promise<PageResult<T>>): AsyncGenerator<T> {
  for (let page = 1; ; page++) {
    const { data: body, response } = await fetchPage(page);
    if (body === undefined) throw new Error(`page ${page}: HTTP ${response.status}`);
    yield* body.data;
    if (page >= body.meta.totalPages) return;
  }
}
