// A User-Agent header as a person would name the device: "Chrome on macOS", "Safari on iPhone".
// A few patterns, in the order that matters (Edge and Opera say "Chrome" too, Chrome says "Safari"),
// instead of a parsing library: the sessions list needs a recognisable name, not a full inventory.

const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bHeadlessChrome\//, "Chrome"],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bSafari\/.*\bVersion\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bWindows\b/, "Windows"],
  [/\bLinux\b/, "Linux"],
];

export interface DeviceName {
  browser: string | null;
  system: string | null;
}

/** The browser and system a User-Agent names, each null when not recognised. */
export function parseUserAgent(userAgent: string | null | undefined): DeviceName {
  const ua = (userAgent ?? "").slice(0, 512);
  return {
    browser: browsers.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
    system: systems.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  };
}
