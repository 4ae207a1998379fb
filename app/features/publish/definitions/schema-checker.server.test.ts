// The schema thread (docs/decisions/040): Amazon's BRACELET compiled whole (seconds of CPU) while the main thread keeps
// turning, the same problems as the in-process validator, the text sent once per checksum, and a thread that hangs
// (a pattern that backtracks forever), runs out of heap or is overrun answering each caller with an SpApiError in time.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { watchEventLoop } from "#tests/support/event-loop.ts";
import { createSchemaChecker, schemaCheckOperation, type SchemaChecker } from "./schema-checker.server.ts";
import { compileProductType, schemaChecksum } from "./schema-validator.ts";

const text = readFileSync(new URL("../../../../tests/fixtures/product-types/BRACELET.json", import.meta.url), "utf8");
const checksum = schemaChecksum(text);
const us = (value: string) => ({ value, language_tag: "en_US", marketplace_id: "ATVPDKIKX0DER" });
const copy = { item_name: [us("Sterling Silver Bracelet")], bullet_point: [us("Solid 925 silver")], product_description: [us("A bracelet.")], generic_keyword: [us("bracelet")] };
const sent = Object.keys(copy);
// A pattern that backtracks exponentially on a near miss: a check that never ends on its own.
const hostile = JSON.stringify({ type: "object", properties: { item_name: { type: "array", items: { type: "object", properties: { value: { type: "string", pattern: "^(a+)+$" } } } } } });
const nearMiss = { item_name: [{ value: `${"a".repeat(48)}!` }] };

describe("the product type schema thread", () => {
  const checkers: SchemaChecker[] = [];
  const checker = (options?: Parameters<typeof createSchemaChecker>[0]) => {
    const created = createSchemaChecker(options);
    checkers.push(created);
    return created;
  };
  afterAll(async () => {
    await Promise.all(checkers.map((created) => created.close()));
  });

  it("compiles BRACELET whole in the thread while the event loop keeps turning, with the in-process validator's problems", async () => {
    const schemas = checker();
    let asked = 0;
    const source = async () => (asked++, text);
    const watch = watchEventLoop();
    const summary = await schemas.compile(checksum, text);
    // No `only`: the whole schema (161 attributes, 170 conditions) compiles, seconds of CPU.
    const whole = await schemas.validate(checksum, { ...copy, brand: [us("Lumen")] }, undefined, source);
    const { blockedMs } = watch.stop();
    expect(summary.properties.size).toBe(161);
    expect(summary.highlightsAttribute).toBeNull();
    expect(whole.map((problem) => problem.attribute)).toContain("country_of_origin");
    // What the main thread itself did between two 10 ms ticks (compiling in-process held it for 200 ms to seconds).
    expect(blockedMs).toBeLessThan(100);

    const tooLong = { ...copy, item_name: [us("é".repeat(40_000))] };
    expect(await schemas.validate(checksum, tooLong, sent, source)).toEqual(compileProductType(checksum, JSON.parse(text)).validate(tooLong, sent));
    expect(await schemas.validate(checksum, copy, sent, source)).toEqual([]);
    // The thread had the schema from compile(): the text was never asked for again.
    expect(asked).toBe(0);
    expect(schemas.summary(checksum)).toBe(summary);
  });

  it("a check past the time limit is an SpApiError at the limit; the thread is replaced and is sent the schema again", async () => {
    // Limits of seconds, not less: on a machine busy with the whole suite a thread can wait that long for a core.
    const schemas = checker({ timeoutMs: 4_000 });
    await schemas.compile("hostile", hostile);
    const started = performance.now();
    const error = await schemas.validate("hostile", nearMiss, undefined, async () => hostile).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ name: "SpApiError", status: 503, code: "SchemaCheckTimeout", operation: schemaCheckOperation });
    expect(performance.now() - started).toBeLessThan(10_000);
    let asked = 0;
    expect(await schemas.validate("hostile", { item_name: [{ value: "aaa" }] }, undefined, async () => (asked++, hostile))).toEqual([]);
    expect(asked).toBe(1);
  });

  it("refuses at once when too many checks wait, and fails a thread that runs out of heap", async () => {
    const schemas = checker({ timeoutMs: 4_000, maxQueued: 1 });
    await schemas.compile("hostile", hostile);
    const stuck = schemas.validate("hostile", nearMiss, undefined, async () => hostile).catch((failure: unknown) => failure);
    const waiting = schemas.validate("hostile", { item_name: [] }, undefined, async () => hostile).catch((failure: unknown) => failure);
    await expect(schemas.validate("hostile", { item_name: [] }, undefined, async () => hostile)).rejects.toMatchObject({ code: "SchemaCheckBusy", operation: schemaCheckOperation });
    expect(await stuck).toMatchObject({ code: "SchemaCheckTimeout" });
    // The one behind the stuck check waited within its own limit, and got either its answer or the timeout.
    expect(await waiting).toSatisfy((answer) => Array.isArray(answer) || (answer as { code?: string }).code === "SchemaCheckTimeout");

    const small = checker({ maxHeapMb: 4 });
    await expect(small.compile(checksum, text)).rejects.toMatchObject({ name: "SpApiError", code: "SchemaCheckFailed", operation: schemaCheckOperation, message: expect.stringMatching(/stopped/) });
  });

  it("a schema Ajv refuses is InvalidProductTypeSchema, as in-process", async () => {
    const schemas = checker();
    await expect(schemas.compile("bad", JSON.stringify({ properties: { item_name: { type: "string", maxBytes: 3 } } }))).rejects.toMatchObject({ name: "InvalidProductTypeSchema" });
    await expect(schemas.compile("not-json", "{")).rejects.toMatchObject({ name: "InvalidProductTypeSchema", message: expect.stringMatching(/not JSON/) });
  });
});
