import { Field, IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';

/** A password field with a show/hide toggle. Put it inside a Field.Root so its label applies. */
export function PasswordInput(props: Omit<InputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElementProps={{ px: '1' }}
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="sm"
          color="fg.muted"
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </IconButton>
      }
    >
      <Input {...props} type={visible ? 'text' : 'password'} />
    </InputGroup>
  );
}

interface PasswordFieldProps {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  /** The id of an element that explains the rules (the sign-up checklist). */
  describedBy?: string;
  invalid?: boolean;
  /** Helper or error text under the input. */
  children?: ReactNode;
}

/** A labelled password input with its show/hide toggle, as every password form uses it. */
export function PasswordField({ label, name, autoComplete, value, onChange, describedBy, invalid, children }: PasswordFieldProps) {
  return (
    <Field.Root invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <PasswordInput
        name={name}
        autoComplete={autoComplete}
        aria-describedby={describedBy}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {children}
    </Field.Root>
  );
}
