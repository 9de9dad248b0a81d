import { Field, NativeSelect } from '@chakra-ui/react';

interface ChoiceFieldProps<T extends string> {
  label: string;
  name: string;
  value: T;
  /** The choices in order, each value with the words shown for it. */
  choices: Readonly<Record<T, string>>;
  onChange: (value: T) => void;
}

/** A labelled drop-down of a request's choices: what to ask, where the person lives. */
export function ChoiceField<T extends string>({ label, name, value, choices, onChange }: ChoiceFieldProps<T>) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.target.value as T)}>
          {(Object.entries(choices) as [T, string][]).map(([choice, text]) => (
            <option key={choice} value={choice}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
