import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';

/**
 * A Chakra password input with a show/hide toggle, for Chakra forms (put it inside a Field.Root so its
 * label applies). The account forms drawn without Chakra's runtime use form-fields.tsx's PasswordField.
 */
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
