import { Button, Checkbox, NativeSelect, PasswordInput, TextInput, type ButtonProps, type CheckboxProps, type NativeSelectProps, type PasswordInputProps, type TextInputProps } from "@mantine/core";
import { useI18n } from "#app/i18n/context.tsx";
import { useFormState } from "./validated-form.tsx";

type NamedProps<P> = Omit<P, "name" | "error"> & { name: string };

/** A text input wired to the surrounding ValidatedForm's errors. */
export function TextField({ name, onChange, ...props }: NamedProps<TextInputProps>) {
  const field = useFormState();
  return (
    <TextInput
      name={name}
      error={field.errorFor(name)}
      onChange={(event) => {
        field.touch(name);
        onChange?.(event);
      }}
      {...props}
    />
  );
}

/** A native select wired to the surrounding ValidatedForm's errors. */
export function SelectField({ name, onChange, ...props }: NamedProps<NativeSelectProps>) {
  const field = useFormState();
  return (
    <NativeSelect
      name={name}
      error={field.errorFor(name)}
      onChange={(event) => {
        field.touch(name);
        onChange?.(event);
      }}
      {...props}
    />
  );
}

/** A password input with the Show Password toggle. */
export function PasswordField({ name, onChange, ...props }: NamedProps<PasswordInputProps>) {
  const field = useFormState();
  const { t } = useI18n();
  return (
    <PasswordInput
      name={name}
      error={field.errorFor(name)}
      visibilityToggleButtonProps={{ "aria-label": t("form.showPassword") }}
      onChange={(event) => {
        field.touch(name);
        onChange?.(event);
      }}
      {...props}
    />
  );
}

export function CheckboxField({ name, ...props }: NamedProps<CheckboxProps>) {
  return <Checkbox name={name} {...props} />;
}

/** The submit button: a spinner and disabled while its form is being submitted. */
export function SubmitButton({ children, ...props }: ButtonProps & { children: React.ReactNode }) {
  const form = useFormState();
  return (
    <Button type="submit" loading={form.submitting} {...props}>
      {children}
    </Button>
  );
}
