// The product type schema thread (docs/decisions/040): compiles and checks off the server's main thread, so a
// schema's compile (0.2 s for the copy attributes, seconds for a whole schema) never keeps other requests waiting.
// One message at a time; the compiled schemas stay here, by checksum (schema-validator's LRU).
import { parentPort } from "node:worker_threads";
import { compiledProductType, compileProductType, InvalidProductTypeSchema } from "./schema-validator.ts";
import type { SchemaWorkerAnswer, SchemaWorkerReady, SchemaWorkerRequest } from "./schema-checker.server.ts";

const port = parentPort;
if (!port) throw new Error("schema.worker.ts runs as a worker thread");

function answer(request: SchemaWorkerRequest): SchemaWorkerAnswer {
  const { id } = request;
  try {
    if (request.op === "compile") {
      let product = compiledProductType(request.checksum);
      if (!product) {
        let document: unknown;
        try {
          document = JSON.parse(request.text);
        } catch (error) {
          throw new InvalidProductTypeSchema(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
        }
        product = compileProductType(request.checksum, document);
      }
      return { id, ok: true, properties: [...product.properties], highlightsAttribute: product.highlightsAttribute };
    }
    const product = compiledProductType(request.checksum);
    // Evicted, or this thread is new since the schema was sent: the caller sends it again.
    if (!product) return { id, ok: false, missing: true };
    return { id, ok: true, problems: product.validate(request.attributes, request.only) };
  } catch (error) {
    return { id, ok: false, invalid: error instanceof InvalidProductTypeSchema, message: error instanceof Error ? error.message : String(error) };
  }
}

port.on("message", (request: SchemaWorkerRequest) => port.postMessage(answer(request)));
// Loaded: the request waiting for this thread now gets its whole time limit (schema-checker.server.ts).
port.postMessage({ ready: true } satisfies SchemaWorkerReady);
