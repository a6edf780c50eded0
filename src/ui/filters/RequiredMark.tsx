// The red asterisk after a required field's label: for the eye only, as the control itself says it is required.
import './filters.css';

export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      *
    </span>
  );
}
