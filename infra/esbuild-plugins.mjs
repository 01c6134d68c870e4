import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { isBuiltin } from "node:module";
import { dirname, join, relative } from "node:path";

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

/**
 * The AWS SDK's modules import each other through barrels (`@smithy/core/protocols`, `@aws-sdk/core/protocols`,
 * …: index files re-exporting a submodule's files), and esbuild splits code into chunks file by file: every
 * file a barrel re-exports counts as reached by each entry that imports the barrel, whether it uses the name
 * or not. The SQS, Scheduler and KMS clients and the credential providers other than the environment's are
 * chunks loaded on first use, and the protocols and codecs they use (AWS query and XML for STS, REST-JSON
 * for the Scheduler, the MD5 of SQS messages, …) land in the chunks a cold start reads beside the DynamoDB
 * client's, which never runs them: about 25 kB of each function's cold start.
 *
 * So an SDK module's `import { a, b } from "<barrel>"` is read as it resolves in ECMAScript: each name from
 * the file that declares it, following the barrel's `export … from`, `export *` and `import`-then-`export`
 * lines. What is imported is the same binding of the same module, so nothing changes but which files each
 * chunk holds. Two things keep it sound:
 * - a module that may have side effects (declared so by its package.json `sideEffects`, or in a package that
 *   declares none), which an import of the barrel evaluated, at any depth of its re-exports, is still
 *   imported for them; a name from a package that declares none is taken from the barrel as written;
 * - a name the plugin cannot find declared fails the build, naming it, rather than falling back quietly:
 *   an SDK update that writes its modules in a shape these patterns do not read shows here.
 *
 * The modules of the clients and credential providers loaded on demand (every service client but DynamoDB's,
 * STS, SSO and the credential providers) keep their imports as written: they reach every file of a barrel,
 * the cold start's among them, so the files a cold start reads stay in a few chunks shared alike. Flattened
 * too, each chunk loaded later reached its own subset of them, splitting a cold start into 20 files where
 * it had 11, and each file more is one more module to load and link (25 kB fewer, and 6 to 15 ms more CPU).
 * Only `@aws-sdk/*` and `@smithy/*` modules (their `dist-es` ES modules, as tsc writes them: one statement
 * per line, imports and exports at its start) are read.
 */
const SDK_MODULE = /[\\/]node_modules[\\/]@(?:aws-sdk|smithy)[\\/][^\\/]+[\\/]dist-es[\\/].+\.js$/;
const LOADED_ON_DEMAND =
  /[\\/]node_modules[\\/]@(?:aws-sdk[\\/](?:client-(?!dynamodb[\\/])|nested-clients[\\/]|credential-provider-)|smithy[\\/]credential-provider-)/;
const NAMED_IMPORT = /^import\s*\{([^}]*)\}\s*from\s*"([^"]+)";?/gm;
const REEXPORT = /^export\s*\{([^}]*)\}\s*from\s*"([^"]+)";?/gm;
const BARE_IMPORT = /^import\s*"([^"]+)";?/gm;
const STAR_REEXPORT = /^export\s*\*\s*from\s*"([^"]+)";?/gm;
const LOCAL_LIST = /^export\s*\{([^}]*)\}\s*;?\s*$/gm;
const DECLARATION = /^export\s+(?:async\s+)?(?:class|const|let|var|function\*?)\s*([\w$]+)/gm;
const NAMESPACE_REEXPORT = /^export\s*\*\s*as\s+([\w$]+)\s+from\s*"[^"]+";?/gm;

/** `a, b as c` → [[a, a], [b, c]]: each name as imported or exported, and as it is bound. */
const specifiers = (list) =>
  list
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => {
      const [name, alias] = part.split(/\s+as\s+/);
      return [name, alias ?? name];
    });

/**
 * Where an SDK module's import leads, as esbuild resolves it for an ES module on Node: a relative path as tsc
 * writes it (no extension, or a folder's index.js), a built-in module as it is, and a package through its
 * `exports` (the first of the conditions `import`, `module`, `node` and `default` in the entry's order) or,
 * without them, its `module` or `main` field. Done here because SST runs these plugins through a stand-in for
 * esbuild's plugin API that has onResolve, onLoad and onEnd only, not `build.resolve`; anything else (an
 * `exports` pattern, a package not found) fails the build rather than guess.
 */
const CONDITIONS = new Set(["import", "module", "node", "default"]);

const conditional = (entry) => {
  if (typeof entry === "string" || entry === null || typeof entry !== "object") return entry ?? undefined;
  for (const [condition, value] of Object.entries(entry)) {
    if (!CONDITIONS.has(condition)) continue;
    const target = conditional(value);
    if (target !== undefined) return target;
  }
  return undefined;
};

const fileAt = (path) => {
  for (const file of [path, `${path}.js`, join(path, "index.js")]) {
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  throw new Error(`no module at ${path}`);
};

const resolveImport = async (specifier, fromDir) => {
  if (specifier.startsWith(".")) return fileAt(join(fromDir, specifier));
  if (isBuiltin(specifier)) return specifier;
  const name = specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
  const subpath = `.${specifier.slice(name.length)}`;
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const root = join(dir, "node_modules", name);
    if (existsSync(join(root, "package.json"))) {
      const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
      const { exports } = manifest;
      const bySubpath =
        exports !== null &&
        typeof exports === "object" &&
        Object.keys(exports).some((key) => key.startsWith("."));
      let target;
      if (exports === undefined)
        target = subpath === "." ? (manifest.module ?? manifest.main ?? "index.js") : subpath;
      else if (bySubpath) target = conditional(exports[subpath]);
      else if (subpath === ".") target = conditional(exports);
      if (target === undefined)
        throw new Error(`${specifier}: ${name} exports nothing at ${subpath} for an import`);
      return fileAt(join(root, target));
    }
    if (dirname(dir) === dir) throw new Error(`${specifier}: no package ${name} above ${fromDir}`);
  }
};

/** `compute(key)` once per key: every later call for that key gets the same answer (a promise, here). */
const once = (compute) => {
  const cache = new Map();
  return (key) => {
    if (!cache.has(key)) cache.set(key, compute(key));
    return cache.get(key);
  };
};

/** @type {import("esbuild").Plugin} */
export const sdkImportsFromDeclaringFiles = {
  name: "sdk-imports-from-declaring-files",
  setup(build) {
    const resolveOnce = once((key) => {
      const [fromDir = "", specifier = ""] = key.split("\0");
      return resolveImport(specifier, fromDir);
    });
    const resolve = (specifier, fromDir) => resolveOnce(`${fromDir}\0${specifier}`);

    /** Per package directory: whether any file may have side effects (true), or which ones do. */
    const sideEffectsOf = once((root) =>
      readFile(join(root, "package.json"), "utf8").then((text) => {
        const declared = JSON.parse(text).sideEffects;
        if (declared === false) return new Set();
        if (!Array.isArray(declared) || declared.some((entry) => /[*?{]/.test(entry))) return true;
        return new Set(declared.map((entry) => join(root, entry)));
      }),
    );
    const packageSideEffects = (path) => sideEffectsOf(path.slice(0, path.search(/[\\/]dist-es[\\/]/)));

    /** A module's exports: name → the file declaring it, or where to look next; its `export *` targets. */
    const exportsOf = once(async (path) => {
      const source = await readFile(path, "utf8");
      const dir = dirname(path);
      const names = new Map();
      const imported = new Map();
      for (const [, list, from] of source.matchAll(NAMED_IMPORT))
        for (const [name, alias] of specifiers(list)) imported.set(alias, { from, name });
      for (const [, name] of source.matchAll(DECLARATION)) names.set(name, { declaredIn: path });
      for (const [, name] of source.matchAll(NAMESPACE_REEXPORT)) names.set(name, { declaredIn: path });
      for (const [, list, from] of source.matchAll(REEXPORT)) {
        const target = await resolve(from, dir);
        for (const [name, alias] of specifiers(list)) names.set(alias, { target, name });
      }
      for (const [, list] of source.matchAll(LOCAL_LIST)) {
        for (const [name, alias] of specifiers(list)) {
          const origin = imported.get(name);
          names.set(
            alias,
            origin ? { target: await resolve(origin.from, dir), name: origin.name } : { declaredIn: path },
          );
        }
      }
      const stars = await Promise.all(
        [...source.matchAll(STAR_REEXPORT)].map(([, from]) => resolve(from, dir)),
      );
      const bare = await Promise.all([...source.matchAll(BARE_IMPORT)].map(([, from]) => resolve(from, dir)));
      return { names, stars, bare };
    });

    /**
     * Where `name`, imported from `path`, is declared: undefined when not found. A module in a package that
     * may have side effects anywhere is where its names are taken from, as written.
     */
    const declaration = async (path, name, seen = new Set()) => {
      if (!SDK_MODULE.test(path) || seen.has(path)) return undefined;
      seen.add(path);
      if ((await packageSideEffects(path)) === true) return { file: path, name };
      const { names, stars } = await exportsOf(path);
      const found = names.get(name);
      if (found?.declaredIn) return { file: found.declaredIn, name };
      if (found?.target) return declaration(found.target, found.name, seen);
      for (const star of stars) {
        const inner = await declaration(star, name, seen);
        if (inner) return inner;
      }
      return undefined;
    };

    /**
     * What an import of `path` evaluated for its side effects: the modules it imports or re-exports, at any
     * depth, that may have side effects (declared so by their package, or in a package that declares none).
     */
    const effectsOf = once(async (path) => {
      const found = new Set();
      const seen = new Set();
      const visit = async (file) => {
        if (seen.has(file)) return;
        seen.add(file);
        const { names, stars, bare } = await exportsOf(file);
        const targets = [...names.values()].flatMap(({ target }) => (target ? [target] : []));
        for (const target of [...targets, ...stars, ...bare]) {
          const sideEffects = SDK_MODULE.test(target) ? await packageSideEffects(target) : true;
          if (sideEffects === true || sideEffects.has(target)) found.add(target);
          else await visit(target);
        }
      };
      await visit(path);
      return [...found];
    });

    build.onLoad({ filter: SDK_MODULE }, async (args) => {
      if (LOADED_ON_DEMAND.test(args.path)) return undefined;
      const source = await readFile(args.path, "utf8");
      const dir = dirname(args.path);
      let contents = "";
      let copied = 0;
      for (const match of source.matchAll(NAMED_IMPORT)) {
        const [statement, list, from] = match;
        const target = await resolve(from, dir);
        if (!SDK_MODULE.test(target)) continue;
        const imports = (await effectsOf(target)).map((file) => `import ${JSON.stringify(file)};`);
        for (const [name, alias] of specifiers(list)) {
          const found = await declaration(target, name);
          if (!found) {
            const where = relative(process.cwd(), args.path);
            return {
              errors: [
                {
                  text: `${where}: \`${name}\` from "${from}" is declared nowhere infra/esbuild-plugins.mjs can read (sdk-imports-from-declaring-files): check how the SDK writes its modules now`,
                },
              ],
            };
          }
          imports.push(`import { ${found.name} as ${alias} } from ${JSON.stringify(found.file)};`);
        }
        contents += source.slice(copied, match.index) + imports.join(" ");
        copied = match.index + statement.length;
      }
      if (copied === 0) return undefined;
      return { contents: contents + source.slice(copied), loader: "js", resolveDir: dir };
    });
  },
};

export default [zodOpenApiWithoutWholeZod, sdkImportsFromDeclaringFiles];
