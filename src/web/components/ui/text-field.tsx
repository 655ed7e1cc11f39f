import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

interface FieldFrameProps {
  label: string;
  /** Shown under the field in red and announced with it (aria-describedby, aria-invalid). */
  error?: string;
  /** A hint under the label, also read with the field. */
  hint?: string;
}

const controlClass = 'w-full border-slate-300 bg-white text-slate-900';

function useFieldIds(id: string | undefined, hint: string | undefined, error: string | undefined) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { fieldId, hintId, errorId, describedBy };
}

function FieldText({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: string;
  hintId: string;
  error?: string;
  errorId: string;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-error">
          {error}
        </p>
      )}
    </>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The label, hint and error around one control, wired together for assistive technology. */
function Field({
  label,
  error,
  hint,
  id,
  children,
}: FieldFrameProps & { id: string | undefined; children: (control: ControlProps) => ReactNode }) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={ids.fieldId} className="text-sm font-semibold text-slate-700">
        {label}
      </label>
      {children({
        id: ids.fieldId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': ids.describedBy,
      })}
      <FieldText hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

type TextFieldProps = FieldFrameProps &
  InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A labelled input with its hint and error, ready for react-hook-form's register(). */
export function TextField({ label, error, hint, id, className = '', ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <input
          {...control}
          className={`input ${controlClass} ${error ? 'input-error' : ''} ${className}`}
          {...inputProps}
        />
      )}
    </Field>
  );
}

type SelectFieldProps = FieldFrameProps &
  SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };

/** A labelled select, as TextField. */
export function SelectField({ label, error, hint, id, className = '', ...selectProps }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <select
          {...control}
          className={`select ${controlClass} ${error ? 'select-error' : ''} ${className}`}
          {...selectProps}
        />
      )}
    </Field>
  );
}

type TextAreaFieldProps = FieldFrameProps &
  TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

/** The multi-line version of TextField. */
export function TextAreaField({ label, error, hint, id, className = '', ...areaProps }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <textarea
          {...control}
          className={`textarea ${controlClass} ${error ? 'textarea-error' : ''} ${className}`}
          {...areaProps}
        />
      )}
    </Field>
  );
}
