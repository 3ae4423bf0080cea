/**
 * A labelled text input of a page-action form (decision 0031): its kept value after a
 * refusal, the server's error state without JavaScript (fieldState), an optional hint
 * (`<id>-hint` unless named, read with the field), something shown above the input and a unit after it.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { fieldState, initial, type FormResult } from './form-result.tsx';

type InputProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'maxLength' | 'min' | 'max' | 'autoComplete' | 'autoCapitalize'>;

export function TextField({
  id,
  name,
  label,
  hint,
  hintId: namedHint,
  result,
  messageId,
  fallback,
  short = false,
  above,
  unit,
  ...input
}: InputProps & {
  id: string;
  name: string;
  label: string;
  hint?: string;
  /** The hint's id, when it is not `<id>-hint`. */
  hintId?: string;
  result: FormResult<unknown> | undefined;
  /** The form's message element (FormMessage's id). */
  messageId: string;
  /** The value before anything was submitted. */
  fallback?: string;
  short?: boolean;
  above?: ReactNode;
  unit?: string;
}) {
  const hintId = hint === undefined ? undefined : (namedHint ?? `${id}-hint`);
  const field = (
    <input
      id={id}
      name={name}
      className={short ? 'input input--short' : 'input'}
      {...input}
      defaultValue={initial(result, name, fallback)}
      {...fieldState(result, name, messageId, hintId)}
    />
  );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {above}
      {unit === undefined ? (
        field
      ) : (
        <span className="input-unit">
          {field}
          <span aria-hidden="true">{unit}</span>
        </span>
      )}
      {hint !== undefined && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
