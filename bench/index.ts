// npm run bench: prints figures and ratios against targets; asserts nothing (these machines are shared).
import { startServer } from "#tests/support/server-process.ts";
import { printGeneration, runGenerationBench } from "./generation.ts";
import { printLighthouse, runLighthouse } from "./lighthouse.ts";
import { printKeywords, runKeywordBench } from "./keywords.ts";
import { printLint, runLintBench } from "./lint.ts";
import { printLintAccuracy, runLintAccuracyBench } from "./lint-accuracy.ts";
import { printMemory, runMemoryBench } from "./memory.ts";
import { printJobs, runJobBenches } from "./jobs.ts";
import { runAndPrintOutputsBenches } from "./outputs.ts";
import { printCatalog, runCatalogBench } from "./catalog.ts";
import { printAmazonImport, runAmazonImportBench } from "./amazon-import.ts";
import { printProductTypeValidation, runProductTypeValidationBench } from "./product-type-validation.ts";
import { printPublishBulk, runPublishBulkBench } from "./publish-bulk.ts";
import { printApiKeys, runApiKeyBench } from "./api-keys.ts";

const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const server = await startServer();
try {
  console.log(`Benchmarking the built server at ${server.url}`);
  printLighthouse(await runLighthouse(server.url, ["/", "/pricing"], chromePath));
  // The scripts a signed-in seller downloads for the generator and the listing builder (docs/decisions/022).
  const { printAppJs, runAppJsBench } = await import("./app-js.ts");
  printAppJs(await runAppJsBench(server, chromePath));
  // Hostile uploads on the same server while /healthz is asked every 20 ms (issue 30): the longest any other user waited.
  await import("./hostile-uploads.ts").then(async ({ printHostileUploads, runHostileUploadBench }) => printHostileUploads(await runHostileUploadBench(server)));
} finally {
  await server.stop();
}
// The server's memory at idle, in a server of its own (after start, and after one GET of each page).
printMemory(await runMemoryBench());
// The listing lint, in this process: what the builder runs on every keystroke.
printLint(runLintBench());
// Amazon's BRACELET schema, in this process and through the schema thread: the schema check of a publish preview (compiled once per checksum).
printProductTypeValidation(await runProductTypeValidationBench());
// The same lint on real listings: precision and recall on the labelled sample (tests/fixtures/real-listings).
printLintAccuracy(runLintAccuracyBench());
// Keyword coverage and packing, in this process: the builder's gauge and "Fill search terms".
printKeywords(runKeywordBench());
// Its own server and AI stub: the generation benchmark needs the provider settings (memory growth under 20 and 50 streams).
printGeneration(await runGenerationBench());
// Saved outputs at 100,000 rows for one user: page queries and GET /api/outputs over HTTP (SQLite, and PostgreSQL with TEST_DATABASE_URL).
await runAndPrintOutputsBenches();
// Bulk jobs through built servers: 1,000 rows at eight at once, CPU per row, memory over 10,000 rows (SQLite; PostgreSQL with one and two servers with TEST_DATABASE_URL).
printJobs(await runJobBenches());
// The catalog audit at 10,000 listings on SQLite (issue 33 item 7): auditing the whole catalog, and the audit page's first page from a built server.
printCatalog(await runCatalogBench());
// Importing 2,000 SKUs from the SP-API stand-in at Amazon's documented rates (issue 33 item 7): wall time against the rate-limit floor.
printAmazonImport(await runAmazonImportBench());
// Publishing 500 listings to the SP-API stand-in (issue 34 item 7): the path choosePublishPath picks against its rate-limit floor, and the other path for comparison.
printPublishBulk(await runPublishBulkBench());
// The same GET /api/listings from a built server on SQLite with a bearer key and with a session cookie (issue 35 item 4): what the key adds at the median.
printApiKeys(await runApiKeyBench());
