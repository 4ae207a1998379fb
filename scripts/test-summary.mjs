// Prints one closing line for the whole run: "tests: N passed, N failed, N skipped".
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const [vitestFile, playwrightFile] = process.argv.slice(2);

if (vitestFile && existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
} else {
  failed += 1;
  console.log("No Vitest report was written.");
}
if (playwrightFile && existsSync(playwrightFile)) {
  const stats = JSON.parse(readFileSync(playwrightFile, "utf8")).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
} else {
  failed += 1;
  console.log("No Playwright report was written.");
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
