import { Menu } from "@mantine/core";
import type { ReactNode } from "react";

/** A menu entry that downloads a file: a plain link, so the browser saves it without JavaScript. */
export function DownloadMenuItem({ href, icon, children }: { href: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Menu.Item component="a" href={href} download leftSection={icon}>
      {children}
    </Menu.Item>
  );
}
