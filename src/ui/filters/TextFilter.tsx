// A typed search value in a query or search bar (a driver's code, a station's name): a labelled search input in the
// filter controls' look.
import './filters.css';

interface TextFilterProps {
  /** Already translated. */
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly maxLength?: number;
  readonly placeholder?: string;
}

export function TextFilter({ label, name, value, onChange, maxLength, placeholder }: TextFilterProps) {
  return (
    <label className="filters__field">
      <span className="filters__label">{label}</span>
      <span className="filters__control">
        <input
          type="search"
          className="filters__input"
          name={name}
          maxLength={maxLength}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </span>
    </label>
  );
}
