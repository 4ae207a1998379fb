import { PassThrough, Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestContext } from "#server/context.ts";
import { logger } from "#server/logger.server.ts";
import { NonceProvider } from "./components/nonce.tsx";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce: nonce } = loadContext.get(requestContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const final = (callback: () => void) => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          };
          const body = isPublicPage(routerContext) ? withoutModulePreloads(final) : new PassThrough({ final });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "error while streaming a page");
        },
      },
    );
  });
}

/** The public site (routes/_marketing/*): its pages paint before their script is needed. */
function isPublicPage(routerContext: EntryContext): boolean {
  return routerContext.staticHandlerContext.matches.some((match) => match.route.id === "routes/_marketing/layout");
}

/**
 * Drops the <link rel="modulepreload"> tags from the document head. Preloaded, the page's JavaScript
 * (~140 KB) downloads at high priority alongside the stylesheet and the first paint waits for both on a
 * slow phone; without them the module script at the end of the body fetches the same files at low
 * priority, after the stylesheet. Public pages only (their HTML works before hydration); see
 * docs/decisions/010-public-page-performance.md.
 */
function withoutModulePreloads(final: (callback: () => void) => void): Transform {
  const decoder = new StringDecoder("utf8");
  let head: string | undefined = "";
  const strip = (html: string) => html.replace(/<link rel="modulepreload"[^>]*>/g, "");
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === undefined) return callback(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf("</head>");
      if (end === -1) return callback();
      const html = strip(head.slice(0, end)) + head.slice(end);
      head = undefined;
      callback(null, html);
    },
    flush(callback) {
      // (A Transform's own `final` runs flush, so the caller's end-of-stream step goes here.)
      final(() => callback(null, head === undefined ? decoder.end() : strip(head + decoder.end())));
    },
  });
}
