/**
 * `build()` on the first call, its result on every later one: for schemas that only document what the API
 * answers (the API validates requests, never its responses), built when /openapi.json is generated rather
 * than at every cold start. Built once, since a schema with an `id` may be registered once only.
 */
export function builtOnce<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}
