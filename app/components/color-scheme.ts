import type { MantineColorSchemeManager } from "@mantine/core";

// Nothing in Sellscribe lets people pick a colour scheme: the system setting decides ("auto"). Mantine's
// defaults (ColorSchemeScript and the localStorage manager) read localStorage for a stored choice anyway,
// and a first read of localStorage can stall the page's first paint; these two skip it. Add a stored
// choice back (Mantine's localStorageColorSchemeManager and ColorSchemeScript) along with a picker.

/** Runs in <head> before the first paint: Mantine's colour-scheme attribute from the system setting. */
export const colorSchemeScript = `document.documentElement.setAttribute("data-mantine-color-scheme",window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light")`;

/** A manager with nowhere to store a choice: always the default ("auto"). */
export const systemColorSchemeManager: MantineColorSchemeManager = {
  get: (defaultValue) => defaultValue,
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};
