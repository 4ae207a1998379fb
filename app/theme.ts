import { createTheme, type MantineColorsTuple } from "@mantine/core";

// A teal-leaning brand colour; shade 7 passes WCAG AA on white for text and buttons.
const brand: MantineColorsTuple = [
  "#e6fcf5", "#c3fae8", "#96f2d7", "#63e6be", "#38d9a9",
  "#20c997", "#12b886", "#0c8599", "#087f74", "#066056",
];

export const theme = createTheme({
  primaryColor: "brand",
  primaryShade: { light: 8, dark: 5 },
  colors: { brand },
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", fontWeight: "750" },
  defaultRadius: "md",
  cursorType: "pointer",
});
