/**
 * Turns successive views of a growing answer into the stream's `delta` and `output` calls.
 *
 * A view is the list of items parsed so far, of which the first `complete` can no longer change.
 * Items are numbered across provider calls (a top-up call continues after the outputs already
 * finished). Deltas only ever append: if an item's text stops being a continuation of what was
 * sent (a rare re-reading of the answer), its deltas stop and its `output` carries the final text.
 * An item the template's finalize empties is dropped and the next one takes its place.
 */
export class OutputTracker {
  /** Finished outputs, in order. */
  readonly outputs: string[] = [];
  private readonly sent: string[] = [];
  private readonly diverged = new Set<number>();
  /** Items of the current call already finished or dropped. */
  private settled = 0;

  private readonly total: number;
  private readonly finalize: (content: string) => string;
  private readonly onDelta: (index: number, text: string) => void;
  private readonly onOutput: (index: number, content: string) => void;

  constructor(
    total: number,
    finalize: (content: string) => string,
    onDelta: (index: number, text: string) => void,
    onOutput: (index: number, content: string) => void,
  ) {
    this.total = total;
    this.finalize = finalize;
    this.onDelta = onDelta;
    this.onOutput = onOutput;
  }

  get finished(): number {
    return this.outputs.length;
  }

  get missing(): number {
    return this.total - this.outputs.length;
  }

  /** A new provider call: its items continue after the finished outputs. */
  startCall(): void {
    this.settled = 0;
  }

  update(items: readonly string[], complete: number): void {
    while (this.settled < Math.min(complete, items.length) && this.missing > 0) {
      const item = items[this.settled]!;
      this.settled++;
      const content = this.finalize(item).trim();
      if (content === "") continue;
      const index = this.outputs.length;
      this.delta(index, item);
      this.outputs.push(content);
      this.onOutput(index, content);
    }
    let index = this.outputs.length;
    for (let i = this.settled; i < items.length && index < this.total; i++, index++) this.delta(index, items[i]!);
  }

  /** The call ended: every item it produced is settled. */
  finish(items: readonly string[]): void {
    this.update(items, items.length);
  }

  private delta(index: number, text: string): void {
    if (this.diverged.has(index)) return;
    const before = this.sent[index] ?? "";
    if (!text.startsWith(before)) {
      this.diverged.add(index);
      return;
    }
    if (text.length === before.length) return;
    this.sent[index] = text;
    this.onDelta(index, text.slice(before.length));
  }
}
