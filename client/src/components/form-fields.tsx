import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { checkShape, eyeOffShape, eyeShape, StrokeSvg } from './icon-shapes';

/*
 * The account forms' fields, checkbox and submit button, drawn without Chakra's runtime with classes
 * the build compiles from Chakra's field, input, checkbox and button recipes (theme/shell-styles.ts,
 * "AuthCard and the account forms"): they look and behave as Field, Input, Checkbox and Button do,
 * and the sign-in and sign-up pages render at once with them.
 */

type InputA11y = Pick<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-describedby' | 'aria-invalid'>;

interface FieldProps {
  label: string;
  /** Helper text under the input. */
  helper?: ReactNode;
  /** An error under the input (instead of the helper); marks the input invalid. */
  error?: ReactNode;
  /** The id of another element that explains the input (the sign-up checklist). */
  describedBy?: string;
  children: (input: InputA11y) => ReactNode;
}

/** A label, the input it names, and a helper or error text the input is described by. */
function Field({ label, helper, error, describedBy, children }: FieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? helper;
  const invalid = error !== undefined || undefined;
  const describedByIds = [describedBy, note !== undefined ? noteId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="sh-field" data-invalid={invalid}>
      <label htmlFor={id} className="sh-field-label" data-invalid={invalid}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedByIds, 'aria-invalid': invalid })}
      {error !== undefined ? (
        <div id={noteId} className="sh-field-error" aria-live="polite">
          {error}
        </div>
      ) : (
        helper !== undefined && (
          <div id={noteId} className="sh-field-helper">
            {helper}
          </div>
        )
      )}
    </div>
  );
}

interface TextFieldProps {
  label: string;
  name: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email';
  placeholder?: string;
}

/** A labelled text input. */
export function TextField({ label, name, autoComplete, value, onChange, type = 'text', placeholder }: TextFieldProps) {
  return (
    <Field label={label}>
      {(a11y) => (
        <input
          {...a11y}
          className="sh-input"
          type={type}
          name={name}
          autoComplete={autoComplete}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** The labelled email input of the sign-in, sign-up and reset forms. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return <TextField label="Email" type="email" name="email" autoComplete="email" placeholder="you@example.com" value={value} onChange={onChange} />;
}

interface PasswordFieldProps {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  /** The id of an element that explains the rules (the sign-up checklist). */
  describedBy?: string;
  helper?: ReactNode;
  error?: ReactNode;
}

/** A labelled password input with its show/hide toggle, as every password form uses it. */
export function PasswordField({ label, name, autoComplete, value, onChange, describedBy, helper, error }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} helper={helper} error={error} describedBy={describedBy}>
      {(a11y) => (
        <div className="sh-input-group">
          <input
            {...a11y}
            className="sh-input-with-end"
            type={visible ? 'text' : 'password'}
            name={name}
            autoComplete={autoComplete}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
          <div className="sh-input-end">
            <button
              type="button"
              className="sh-icon-button-sm"
              aria-label={visible ? 'Hide password' : 'Show password'}
              onClick={() => setVisible((v) => !v)}
            >
              <StrokeSvg shape={visible ? eyeOffShape : eyeShape} className="sh-icon" />
            </button>
          </div>
        </div>
      )}
    </Field>
  );
}

interface CheckboxProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Box and label aligned at the top (a label that wraps), instead of centred. */
  alignTop?: boolean;
  children: ReactNode;
}

/** A checkbox: the native input (hidden, focusable, what assistive technology sees) and the drawn box. */
export function Checkbox({ name, checked, onChange, alignTop = false, children }: CheckboxProps) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    <label className={alignTop ? 'sh-checkbox-top' : 'sh-checkbox'} data-state={state}>
      <input type="checkbox" className="sh-visually-hidden" name={name} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className="sh-checkbox-control" data-state={state} aria-hidden="true">
        {checked && <StrokeSvg shape={checkShape} className="sh-checkbox-indicator" />}
      </span>
      <span className={alignTop ? 'sh-checkbox-label-normal' : 'sh-checkbox-label'}>{children}</span>
    </label>
  );
}

/** A spinner in a button that is working (Button's `loading`). */
export function ButtonSpinner({ show }: { show: boolean }) {
  return show ? <span className="sh-button-spinner" aria-hidden="true" /> : null;
}

/** A form's full-width submit button; busy (disabled, with a spinner) while the form is sent. */
export function SubmitButton({ loading, disabled = false, children }: { loading: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="sh-submit" disabled={loading || disabled} data-loading={loading || undefined} aria-busy={loading || undefined}>
      <ButtonSpinner show={loading} />
      {children}
    </button>
  );
}
