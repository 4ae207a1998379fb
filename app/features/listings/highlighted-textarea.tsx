import { forwardRef, type TextareaHTMLAttributes } from "react";
import type { Violation } from "#app/features/rules/types.ts";
import classes from "./highlighted-textarea.module.css";

interface Segment {
  text: string;
  severity?: "error" | "warning";
}

/** The text cut where violations start and end; each piece takes the strongest severity covering it. */
export function highlightSegments(text: string, violations: readonly Violation[]): Segment[] {
  const spans = violations.filter((violation) => violation.end > violation.start && violation.start < text.length);
  if (spans.length === 0) return [{ text }];
  const cuts = new Set<number>([0, text.length]);
  for (const span of spans) {
    cuts.add(Math.max(0, span.start));
    cuts.add(Math.min(text.length, span.end));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const from = points[i]!;
    const to = points[i + 1]!;
    const covering = spans.filter((span) => span.start <= from && span.end >= to);
    const severity = covering.some((span) => span.severity === "error") ? "error" : covering.length > 0 ? "warning" : undefined;
    const previous = segments.at(-1);
    if (previous && previous.severity === severity) previous.text += text.slice(from, to);
    else segments.push({ text: text.slice(from, to), severity });
  }
  return segments;
}

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange" | "className"> & {
  value: string;
  violations: readonly Violation[];
  onValueChange(value: string): void;
};

/** A textarea whose rule violations are highlighted under the text as it is typed. */
export const HighlightedTextarea = forwardRef<HTMLTextAreaElement, Props>(function HighlightedTextarea({ value, violations, onValueChange, dir, ...textarea }, ref) {
  return (
    <div className={classes.box} dir={dir}>
      <div className={classes.mirror} aria-hidden="true">
        {highlightSegments(value, violations).map((segment, index) =>
          segment.severity ? (
            <mark key={index} className={classes[segment.severity]}>
              {segment.text}
            </mark>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
        {/* A trailing newline needs a character after it to take up its line. */}
        {"\u200b"}
      </div>
      <textarea ref={ref} className={classes.input} value={value} onChange={(event) => onValueChange(event.currentTarget.value)} rows={1} spellCheck dir={dir} {...textarea} />
    </div>
  );
});
