// Export of the user's outputs (the current filter) as CSV or plain text, streamed page by page.
import { csvField } from "#app/lib/spreadsheet-cells.ts";
import { templateTypeLabel } from "#app/templates/template-label.ts";
import { translate, type Locale } from "#app/i18n/i18n.ts";
import type { Db } from "#server/db/db.server.ts";
import { logger } from "#server/logger.server.ts";
import { describeInputs } from "./output-inputs.ts";
import { iterateOutputs, type OutputFilter } from "./outputs.server.ts";
import type { OutputView } from "./output-view.ts";

export const exportFormats = ["csv", "txt"] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** One CSV line: every field quoted and made inert (app/lib/spreadsheet-cells.ts). */
export function csvRow(values: string[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

function inputsText(output: OutputView, locale: Locale): string {
  return describeInputs(output.templateId, output.inputs, locale)
    .map((input) => `${input.label}: ${input.value}`)
    .join("\n");
}

function csvLine(output: OutputView, locale: Locale): string {
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  return csvRow([output.content, templateTypeLabel(output.templateId, locale), inputsText(output, locale), output.favorite ? t("outputs.export.yes") : t("outputs.export.no"), output.createdAt]);
}

function textBlock(output: OutputView, locale: Locale): string {
  const header = [templateTypeLabel(output.templateId, locale), output.createdAt, output.favorite ? `★ ${translate(locale, "outputs.export.favorite")}` : ""].filter(Boolean).join(" · ");
  const inputs = inputsText(output, locale);
  return `${header}\n${inputs ? `${inputs}\n` : ""}\n${output.content}\n\n${"-".repeat(40)}\n\n`;
}

/** A download of every output the filter selects (not just the first page). */
export function exportOutputsResponse({ db, userId, filter, format, locale, fileStem }: { db: Db; userId: string; filter: OutputFilter; format: ExportFormat; locale: Locale; fileStem: string }): Response {
  const encoder = new TextEncoder();
  const rows = iterateOutputs({ db, userId, filter });
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          if (format === "csv") {
            const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
            // The byte order mark tells spreadsheet apps the file is UTF-8.
            controller.enqueue(encoder.encode(`\uFEFF${csvRow([t("outputs.export.content"), t("outputs.export.templateType"), t("outputs.export.inputs"), t("outputs.export.favorite"), t("outputs.export.date")])}`));
          } else {
            controller.enqueue(encoder.encode("\uFEFF"));
          }
        }
        // A chunk per 100 outputs keeps the stream moving without a write per row.
        let chunk = "";
        for (let n = 0; n < 100; n++) {
          const next = await rows.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += format === "csv" ? csvLine(next.value, locale) : textBlock(next.value, locale);
        }
        controller.enqueue(encoder.encode(chunk));
      } catch (error) {
        logger.error({ err: error }, "output export failed");
        controller.error(error);
      }
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileStem}-${date}.${format}"`,
      "Cache-Control": "no-store",
    },
  });
}
