/** The selects of GET filter forms, and the region filter two lists share. */
import { Form } from 'react-router-dom';

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

/**
 * A list's region filter (참여 서점, 독서동아리): a GET form of one `city_code` select and its
 * button, so it works without JavaScript; the words are the page's own.
 */
export function RegionFilter({
  id,
  city,
  options,
  text,
}: {
  id: string;
  city: string;
  options: readonly (readonly [value: string, label: string])[];
  text: { regionForm: string; city: string; allRegions: string; show: string };
}) {
  return (
    <Form method="get" className="filters" aria-label={text.regionForm}>
      <SelectField id={id} name="city_code" label={text.city} defaultValue={city} emptyLabel={text.allRegions} options={options} />
      <button type="submit" className="btn btn--primary">
        {text.show}
      </button>
    </Form>
  );
}
