import type { RequestHandler } from "express";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for every state-changing request: a browser always sends Origin (or Sec-Fetch-Site)
 * on a cross-site POST, so those must name this site. Non-browser clients send neither and pass:
 * that is how Stripe's webhooks reach POST /api/stripe/webhook, which checks their signature instead.
 */
export function originCheck(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (safeMethods.has(req.method)) return next();
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const fetchSite = req.get("sec-fetch-site");
    const originOk = origin === undefined ? fetchSite !== "cross-site" : origin === publicOrigin || origin === ownOrigin;
    if (originOk) return next();
    res.status(403).json({ error: "This request came from another site and was refused. Reload the page and try again.", code: "CROSS_SITE_REQUEST" });
  };
}

/** Refuses bodies declared over `maxBytes` with 413 before anything reads them. */
export function bodySizeLimit(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    const declared = Number(req.get("content-length") ?? 0);
    if (declared <= maxBytes) return next();
    // Discard the body rather than closing the socket, so the client can read this answer.
    req.resume();
    res.status(413).json({ error: `The request is too large (at most ${Math.round(maxBytes / 1024)} KB).`, code: "PAYLOAD_TOO_LARGE" });
  };
}
