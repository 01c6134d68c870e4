import { readFile } from "node:fs/promises";

/**
 * The esbuild plugins every function is bundled with (`BUNDLE.plugins` in infra/settings.ts, which SST
 * loads from this file, and bench/lib/lambda-bundle.ts, so the bench and the bundle test measure the same
 * output). Plain JavaScript: SST imports it with Node, without TypeScript.
 *
 * @hono/zod-openapi runs `extendZodWithOpenApi(z)` when it loads, handing zod's whole namespace to a
 * function, so esbuild must keep every export of zod, its 40-odd locales included: about 360 kB of the
 * API's cold start that no request uses. The function reads `zod.ZodType` and nothing else
 * (@asteasolutions/zod-to-openapi), so it is given just that: the same prototype is extended, and the
 * namespace is only read by property, which esbuild tree-shakes. If an update of the library changes the
 * line, the build fails here rather than quietly carrying zod whole again.
 */
const ZOD_OPENAPI_ENTRY = /[\\/]node_modules[\\/]@hono[\\/]zod-openapi[\\/]dist[\\/]index\.mjs$/;
const WHOLE_ZOD = "extendZodWithOpenApi(z);";
const ZOD_TYPE_ONLY = "extendZodWithOpenApi({ ZodType: ZodTypeToExtend });";
const ZOD_TYPE_IMPORT = 'import { ZodType as ZodTypeToExtend } from "zod";\n';

/** @type {import("esbuild").Plugin} */
export const zodOpenApiWithoutWholeZod = {
  name: "zod-openapi-without-whole-zod",
  setup(build) {
    build.onLoad({ filter: ZOD_OPENAPI_ENTRY }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (source.split(WHOLE_ZOD).length !== 2) {
        return {
          errors: [
            {
              text: `@hono/zod-openapi no longer calls \`${WHOLE_ZOD}\` once: check what it passes zod now, and update infra/esbuild-plugins.mjs`,
            },
          ],
        };
      }
      return { contents: ZOD_TYPE_IMPORT + source.replace(WHOLE_ZOD, ZOD_TYPE_ONLY), loader: "js" };
    });
  },
};

export default [zodOpenApiWithoutWholeZod];
