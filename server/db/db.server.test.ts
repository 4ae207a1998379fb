import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDb, withStatementCache } from "./db.server.ts";

interface Row {
  n: number;
}

const opened: Kysely<{ t: Row }>[] = [];

/** An in-memory database with rows 1..5, and a count of the statements SQLite was asked to prepare. */
function open(size?: number) {
  const file = new SQLite(":memory:");
  file.exec("create table t (n integer); insert into t values (1), (2), (3), (4), (5)");
  const counter = { prepared: 0 };
  const prepare = file.prepare.bind(file);
  file.prepare = ((query: string) => {
    counter.prepared++;
    return prepare(query);
  }) as typeof file.prepare;
  const db = new Kysely<{ t: Row }>({ dialect: new SqliteDialect({ database: withStatementCache(file, size) }) });
  opened.push(db);
  return { db, counter };
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
});

describe("withStatementCache", () => {
  it("prepares a query once however often it runs, with any parameters", async () => {
    const { db, counter } = open();
    for (let n = 1; n <= 5; n++) expect(await db.selectFrom("t").select("n").where("n", "=", n).execute()).toEqual([{ n }]);
    expect(counter.prepared).toBe(1);
    await db.insertInto("t").values({ n: 6 }).execute();
    await db.insertInto("t").values({ n: 7 }).execute();
    expect(counter.prepared).toBe(2);
    expect(await db.selectFrom("t").select(sql<number>`count(*)`.as("c")).executeTakeFirst()).toEqual({ c: 7 });
  });

  it("keeps at most `size` statements, dropping the least recently used", async () => {
    const { db, counter } = open(2);
    const byN = (n: number) => db.selectFrom("t").select("n").where("n", "=", n).execute();
    const above = (n: number) => db.selectFrom("t").select("n").where("n", ">", n).execute();
    const below = (n: number) => db.selectFrom("t").select("n").where("n", "<", n).execute();
    await byN(1);
    await above(1);
    await byN(2); // used again: now the most recent
    await below(3); // evicts `above`
    expect(counter.prepared).toBe(3);
    await byN(3);
    expect(counter.prepared).toBe(3);
    await above(4);
    expect(counter.prepared).toBe(4);
  });

  it("hands out a fresh statement while the cached one is still iterating", () => {
    const file = new SQLite(":memory:");
    file.exec("create table t (n integer); insert into t values (1), (2), (3)");
    const cached = withStatementCache(file);
    const query = "select n from t order by n";
    const streaming = cached.prepare(query);
    const rows = streaming.iterate([]);
    expect(rows.next().value).toEqual({ n: 1 });
    const other = cached.prepare(query);
    expect(other).not.toBe(streaming);
    expect(other.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
    // Done iterating: the cached statement is handed out again.
    expect(cached.prepare(query)).toBe(streaming);
    cached.close();
  });
});

describe("SQLite transactions", () => {
  it("hold the write lock from the start, so another process's write waits instead of breaking them", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sellscribe-db-"));
    const file = path.join(dir, "db.sqlite");
    const db = createDb({ kind: "sqlite", file } as Parameters<typeof createDb>[0]);
    try {
      await sql`create table t (n integer)`.execute(db);
      let other: Promise<number | null> | undefined;
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom("t" as never).selectAll().execute();
        // Another process writes while this transaction is open (as `npm run credits` may). It says
        // when it is about to write; a moment later it is either waiting for our lock or done.
        const child = spawn(process.execPath, ["-e", `const db = new (require("better-sqlite3"))(${JSON.stringify(file)}); db.pragma("busy_timeout = 5000"); process.stdout.write("writing\\n"); db.prepare("insert into t values (2)").run();`], { stdio: ["ignore", "pipe", "inherit"] });
        other = new Promise((resolve) => child.on("exit", resolve));
        await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`insert into t values (1)`.execute(trx);
      });
      expect(await other).toBe(0);
      const rows = await sql<{ n: number }>`select n from t order by rowid`.execute(db);
      expect(rows.rows.map((row) => row.n)).toEqual([1, 2]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
