// The export's ZIP (fflate): each section's files are compressed as soon as they are collected, so a
// section's text can be dropped before the next one is read. A manifest names every file.
import type { Db } from "#server/db/db.server.ts";
import { exportSections, listMemberships, type SectionContext } from "./collect-sections.server.ts";

export const exportSectionCount = exportSections.length;

/** Every section of the user's data in one ZIP; `onSection` is told after each (the progress bar). */
export async function buildDataExportZip({ db, userId, now = new Date(), onSection }: { db: Db; userId: string; now?: Date; onSection?: (done: number) => Promise<void> }): Promise<Uint8Array> {
  // fflate loads with the first export, not with the server (docs/decisions/021).
  const { strToU8, Zip, ZipDeflate } = await import("fflate");
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  let ended = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else chunks.push(chunk);
    if (final) ended = true;
  });
  const add = (name: string, content: string) => {
    const file = new ZipDeflate(`sellscribe-export/${name}`, { level: 6 });
    file.mtime = now;
    zip.add(file);
    file.push(strToU8(content), true);
  };
  const ctx: SectionContext = { db, userId, workspaces: await listMemberships({ db, userId }) };
  const manifest: { section: string; files: string[] }[] = [];
  for (const [index, section] of exportSections.entries()) {
    const files = await section.collect(ctx);
    for (const file of files) add(file.name, file.content);
    manifest.push({ section: section.id, files: files.map((file) => file.name) });
    await onSection?.(index + 1);
  }
  add("manifest.json", JSON.stringify({ format: "sellscribe-data-export/1", generatedAt: now.toISOString(), userId, workspaces: ctx.workspaces, sections: manifest }, null, 2) + "\n");
  zip.end();
  if (failure) throw failure;
  // ZipDeflate works synchronously: every chunk, the last one included, has arrived by now.
  if (!ended) throw new Error("the ZIP did not end");
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
