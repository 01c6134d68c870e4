/**
 * The bin's name, the same as the package's (sdk/package.json), in help and messages: `npx weft` outside
 * the repository ran the registry's unrelated `weft` package, while a name that is both this package's and
 * its bin's leads `npx` and a global install to nothing but this CLI.
 */
export const CLI_NAME = "weft-workflows";
