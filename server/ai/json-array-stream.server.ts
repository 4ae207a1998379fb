/**
 * Reads the strings of the first JSON array in a growing text — `{"elements":["…","…"]}` as
 * structured output streams it — so each element can be shown while it is written.
 * `elements()` are the decoded strings so far (the last may be unfinished); `closed` counts the finished ones.
 * Non-string elements are skipped; text before the array (a code fence, `{"elements":`) is ignored.
 */
export function createJsonArrayStream() {
  type State = "seek" | "value" | "string" | "after" | "skip" | "done";
  let state: State = "seek";
  const values: string[] = [];
  let closed = 0;
  let pending = ""; // an escape sequence split across chunks
  let skipDepth = 0;
  let skipInString = false;
  let skipEscape = false;

  const escapes: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

  function push(chunk: string): void {
    let text = pending + chunk;
    pending = "";
    let i = 0;
    while (i < text.length && state !== "done") {
      const c = text[i]!;
      switch (state) {
        case "seek":
          if (c === "[") state = "value";
          i++;
          break;
        case "value":
          if (c === '"') {
            values.push("");
            state = "string";
          } else if (c === "]") state = "done";
          else if (c === "{" || c === "[") {
            state = "skip";
            skipDepth = 1;
          } else if (!/[\s,]/.test(c)) {
            // A bare literal (number, true, null): skip to the next comma or the end.
            state = "skip";
            skipDepth = 0;
          }
          i++;
          break;
        case "string": {
          if (c === "\\") {
            const next = text[i + 1];
            if (next === undefined) {
              pending = text.slice(i);
              text = "";
              break;
            }
            if (next === "u") {
              const hex = text.slice(i + 2, i + 6);
              if (hex.length < 4) {
                pending = text.slice(i);
                text = "";
                break;
              }
              values[values.length - 1] += String.fromCharCode(Number.parseInt(hex, 16) || 0xfffd);
              i += 6;
            } else {
              values[values.length - 1] += escapes[next] ?? next;
              i += 2;
            }
            break;
          }
          if (c === '"') {
            closed = values.length;
            state = "after";
            i++;
            break;
          }
          // Copy a run of plain characters at once.
          let end = i;
          while (end < text.length && text[end] !== "\\" && text[end] !== '"') end++;
          values[values.length - 1] += text.slice(i, end);
          i = end;
          break;
        }
        case "after":
          if (c === ",") state = "value";
          else if (c === "]") state = "done";
          i++;
          break;
        case "skip":
          if (skipInString) {
            if (skipEscape) skipEscape = false;
            else if (c === "\\") skipEscape = true;
            else if (c === '"') skipInString = false;
          } else if (c === '"') skipInString = true;
          else if (c === "{" || c === "[") skipDepth++;
          else if (c === "}" || c === "]") {
            if (skipDepth === 0) {
              state = "done";
            } else {
              skipDepth--;
              if (skipDepth === 0) state = "after";
            }
          } else if (c === "," && skipDepth === 0) state = "value";
          i++;
          break;
      }
    }
  }

  return {
    push,
    elements: (): readonly string[] => values,
    get closed() {
      return closed;
    },
    get finished() {
      return state === "done";
    },
  };
}
