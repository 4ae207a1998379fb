import { z } from "zod";
import { emailField } from "#app/lib/form-fields.ts";

/** The e-mail card of /settings/personal: the address to change to. */
export const changeEmailSchema = z.object({ newEmail: emailField });
