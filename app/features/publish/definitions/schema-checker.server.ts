// Product type schemas checked off the main thread (issue 34, docs/decisions/040): one worker thread per process,
// started on first use, fed one request at a time from a bounded queue; every caller waits at most `timeoutMs`
// (a compile past it ends the thread, and the next request starts a new one). The compiled schemas live in the
// thread by checksum; a schema's text is sent once per checksum (again only if the thread lost it).
import { Worker } from "node:worker_threads";
import { SpApiError } from "#app/features/amazon/client.server.ts";
import { InvalidProductTypeSchema, type CompiledProductType, type SchemaProblem } from "./schema-validator.ts";

export type SchemaWorkerRequest =
  | { id: number; op: "compile"; checksum: string; text: string }
  | { id: number; op: "validate"; checksum: string; attributes: Record<string, unknown>; only: readonly string[] | undefined };

export type SchemaWorkerAnswer =
  | { id: number; ok: true; properties: string[]; highlightsAttribute: CompiledProductType["highlightsAttribute"] }
  | { id: number; ok: true; problems: SchemaProblem[] }
  | { id: number; ok: false; missing: true }
  | { id: number; ok: false; invalid: boolean; message: string };

/** The thread's first message, once its modules (Ajv) are loaded. */
export type SchemaWorkerReady = { ready: true };

/** What the main thread knows of a compiled schema (no validator: that is in the thread). */
export interface SchemaSummary {
  checksum: string;
  properties: ReadonlySet<string>;
  highlightsAttribute: CompiledProductType["highlightsAttribute"];
}

/** Failures of the check itself are SpApiErrors of this pseudo-operation, so the preview maps them with Amazon's. */
export const schemaCheckOperation = "checkProductTypeSchema";

export interface SchemaCheckerOptions {
  /** The longest a caller waits, queue included (a whole 1.3 MB schema compiles in a few seconds). */
  timeoutMs?: number;
  /** Requests waiting beyond this are refused at once (busy) rather than queued. */
  maxQueued?: number;
  /** The thread's heap limit: a hostile schema ends the thread, not the server. */
  maxHeapMb?: number;
}

export interface SchemaChecker {
  /** Compiles the schema in the thread (once per checksum): its attributes and highlights attribute. */
  compile(checksum: string, text: string): Promise<SchemaSummary>;
  /** The schema compiled before, if this process has it (no thread asked). */
  summary(checksum: string): SchemaSummary | undefined;
  /** Problems of the attributes (of `only`'s alone); `text` gives the schema again if the thread lost it. */
  validate(checksum: string, attributes: Record<string, unknown>, only: readonly string[] | undefined, text: () => Promise<string | undefined>): Promise<SchemaProblem[]>;
  close(): Promise<void>;
}

export const schemaCheckDefaults = { timeoutMs: 30_000, maxQueued: 32, maxHeapMb: 512 } as const;
const summariesKept = 20;

type Payload = { op: "compile"; checksum: string; text: string } | { op: "validate"; checksum: string; attributes: Record<string, unknown>; only: readonly string[] | undefined };
interface Pending {
  id: number;
  payload: Payload;
  resolve(answer: SchemaWorkerAnswer): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
  /** The thread it was sent to. */
  thread?: Worker;
}

const failure = (code: string, message: string) => new SpApiError(503, code, schemaCheckOperation, undefined, message);

export function createSchemaChecker(options: SchemaCheckerOptions = {}): SchemaChecker {
  const { timeoutMs, maxQueued, maxHeapMb } = { ...schemaCheckDefaults, ...options };
  const summaries = new Map<string, SchemaSummary>();
  const queue: Pending[] = [];
  let running: Pending | undefined;
  let worker: Worker | undefined;
  let nextId = 1;
  let closed = false;

  function startWorker(): Worker {
    // No flags of the parent's (a launcher's or a test runner's): the thread needs plain Node, and V8's flags are the process's anyway.
    const thread = new Worker(new URL("./schema.worker.ts", import.meta.url), { name: "product-type-schemas", execArgv: [], resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
    thread.on("message", (answer: SchemaWorkerAnswer | SchemaWorkerReady) => {
      if ("ready" in answer) {
        // The limit counts the check, not starting the thread (Node and Ajv loading, a second or more on a busy
        // machine): the request that waited for a new thread gets its whole limit from now.
        if (running?.thread === thread) arm(running);
        return;
      }
      if (!running || running.id !== answer.id) return;
      const done = running;
      running = undefined;
      clearTimeout(done.timer);
      done.resolve(answer);
      pump();
    });
    // An uncaught error or running out of heap: the thread exits; the request it was on fails, the next gets a new thread.
    let reason = "";
    thread.on("error", (error: unknown) => void (reason = error instanceof Error ? error.message : String(error)));
    thread.on("exit", (code) => {
      if (worker === thread) worker = undefined;
      const lost = running?.thread === thread ? running : undefined;
      if (lost) {
        running = undefined;
        clearTimeout(lost.timer);
        lost.reject(failure("SchemaCheckFailed", `the schema check stopped (exit ${code}${reason ? `: ${reason}` : ""})`));
      }
      pump();
    });
    return thread;
  }

  function pump(): void {
    if (running || closed) return;
    const next = queue.shift();
    if (!next) {
      worker?.unref(); // idle: the thread does not keep the process alive
      return;
    }
    running = next;
    worker ??= startWorker();
    next.thread = worker;
    worker.ref();
    worker.postMessage({ id: next.id, ...next.payload } satisfies SchemaWorkerRequest);
  }

  function request(payload: Payload): Promise<SchemaWorkerAnswer> {
    if (closed) return Promise.reject(failure("SchemaCheckClosed", "the schema checker is closed"));
    if (queue.length >= maxQueued) return Promise.reject(failure("SchemaCheckBusy", `${queue.length} schema checks are already waiting`));
    return new Promise((resolve, reject) => {
      const pending: Pending = { id: nextId++, payload, resolve, reject };
      arm(pending);
      queue.push(pending);
      pump();
    });
  }

  /** (Re)starts a request's limit: waiting in the queue counts, a thread's start does not (see "ready"). */
  function arm(pending: Pending): void {
    clearTimeout(pending.timer);
    pending.timer = setTimeout(() => {
      const at = queue.indexOf(pending);
      if (at >= 0) queue.splice(at, 1);
      pending.reject(failure("SchemaCheckTimeout", `the schema check took longer than ${timeoutMs} ms`));
      // Stuck in a compile: the thread is ended (its exit handler moves the queue on).
      if (running === pending) {
        running = undefined;
        const stuck = worker;
        worker = undefined;
        void stuck?.terminate();
        pump();
      }
    }, timeoutMs);
  }

  const remember = (summary: SchemaSummary) => {
    summaries.delete(summary.checksum);
    summaries.set(summary.checksum, summary);
    if (summaries.size > summariesKept) summaries.delete(summaries.keys().next().value!);
    return summary;
  };

  async function compile(checksum: string, text: string): Promise<SchemaSummary> {
    const answer = await request({ op: "compile", checksum, text });
    if (!answer.ok) throw "missing" in answer ? failure("SchemaCheckFailed", "the schema was not compiled") : answer.invalid ? new InvalidProductTypeSchema(answer.message) : failure("SchemaCheckFailed", answer.message);
    if (!("properties" in answer)) throw failure("SchemaCheckFailed", "unexpected answer from the schema thread");
    return remember({ checksum, properties: new Set(answer.properties), highlightsAttribute: answer.highlightsAttribute });
  }

  return {
    compile,
    summary(checksum) {
      return summaries.get(checksum);
    },
    async validate(checksum, attributes, only, text) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const answer = await request({ op: "validate", checksum, attributes, only });
        if (answer.ok && "problems" in answer) return answer.problems;
        if (answer.ok || !("missing" in answer)) throw answer.ok ? failure("SchemaCheckFailed", "unexpected answer from the schema thread") : answer.invalid ? new InvalidProductTypeSchema(answer.message) : failure("SchemaCheckFailed", answer.message);
        const schema = await text();
        if (schema === undefined) throw failure("SchemaCheckFailed", `the schema ${checksum} is no longer stored`);
        await compile(checksum, schema);
      }
      throw failure("SchemaCheckFailed", "the schema thread keeps losing the schema");
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) {
        clearTimeout(pending.timer);
        pending.reject(failure("SchemaCheckClosed", "the schema checker is closed"));
      }
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}

let shared: SchemaChecker | undefined;
/** The process's checker (one thread, started on first use). */
export function sharedSchemaChecker(): SchemaChecker {
  shared ??= createSchemaChecker();
  return shared;
}
