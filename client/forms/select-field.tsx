/** A labelled select of a GET filter form. */
export function SelectField({
  id,
  name,
  label,
  defaultValue,
  options,
  emptyLabel,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  options: readonly (readonly [value: string, label: string])[];
  emptyLabel?: string;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="select" defaultValue={defaultValue}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
