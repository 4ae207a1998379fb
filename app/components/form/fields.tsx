import { Button, Checkbox, NativeSelect, PasswordInput, TextInput, type ButtonProps, type CheckboxProps, type NativeSelectProps, type PasswordInputProps, type TextInputProps } from "@mantine/core";
import { useI18n } from "#app/i18n/context.tsx";
import { useFormState } from "./validated-form.tsx";

type NamedProps<P> = Omit<P, "name" | "error"> & { name: string };

/** The name, error and change handler that wire a field to the surrounding ValidatedForm's errors. */
function useWiredField<E>(name: string, onChange: ((event: E) => void) | undefined) {
  const field = useFormState();
  return {
    name,
    error: field.errorFor(name),
    onChange: (event: E) => {
      field.touch(name);
      onChange?.(event);
    },
  };
}

/** A text input wired to the surrounding ValidatedForm's errors. */
export function TextField({ name, onChange, ...props }: NamedProps<TextInputProps>) {
  return <TextInput {...useWiredField(name, onChange)} {...props} />;
}

/** A native select wired to the surrounding ValidatedForm's errors. */
export function SelectField({ name, onChange, ...props }: NamedProps<NativeSelectProps>) {
  return <NativeSelect {...useWiredField(name, onChange)} {...props} />;
}

/** A password input with the Show Password toggle. */
export function PasswordField({ name, onChange, ...props }: NamedProps<PasswordInputProps>) {
  const { t } = useI18n();
  return <PasswordInput {...useWiredField(name, onChange)} visibilityToggleButtonProps={{ "aria-label": t("form.showPassword") }} {...props} />;
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
