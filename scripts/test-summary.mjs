// Prints the run's closing lines: each failed test with the start of its error (CI keeps only the tail
// of the output, so this is where a failure must be named), then "tests: N passed, N failed, N skipped".
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const [vitestFile, playwrightFile] = process.argv.slice(2);

const firstLines = (text, count = 6) =>
  String(text ?? "")
    // eslint-disable-next-line no-control-regex -- strips the terminal colours of an error message
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .filter((line) => line.trim() !== "" && !/^\s*at .*node_modules/.test(line))
    .slice(0, count)
    .map((line) => `    ${line.slice(0, 300)}`)
    .join("\n");

if (vitestFile && existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    const name = file.name?.replace(`${process.cwd()}/`, "") ?? "?";
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests) {
      failures.push(`✗ vitest ${name} › ${test.fullName ?? test.title}\n${firstLines(test.failureMessages?.join("\n"))}`);
    }
    if (failedTests.length === 0 && file.status === "failed") {
      failures.push(`✗ vitest ${name} (the file failed outside a test)\n${firstLines(file.message)}`);
    }
  }
} else {
  failed += 1;
  console.log("No Vitest report was written.");
}

const playwrightFailures = (suite, titles) => {
  for (const child of suite.suites ?? []) playwrightFailures(child, [...titles, child.title]);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== "unexpected") continue;
      const error = test.results?.at(-1)?.error?.message;
      failures.push(`✗ playwright ${[...titles, spec.title].filter(Boolean).join(" › ")}\n${firstLines(error)}`);
    }
  }
};
if (playwrightFile && existsSync(playwrightFile)) {
  const report = JSON.parse(readFileSync(playwrightFile, "utf8"));
  const stats = report.stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
  for (const suite of report.suites ?? []) playwrightFailures(suite, [suite.title]);
} else {
  failed += 1;
  console.log("No Playwright report was written.");
}
if (failures.length > 0) console.log(`\nFailed:\n${failures.join("\n")}`);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
