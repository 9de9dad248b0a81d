import { Field, Input } from '@chakra-ui/react';

/** The labelled email input of the sign-in and sign-up forms. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field.Root>
      <Field.Label>Email</Field.Label>
      <Input
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field.Root>
  );
}
