// A checkbox with a third, mixed state (a "select all" over a partial choice), the state drawn as well as announced;
// its box is shared with CheckboxTree so both look alike.
import type { ReactNode } from 'react';
import { Checkbox } from 'react-aria-components';
import './filters.css';

export type TriState = 'checked' | 'unchecked' | 'indeterminate';

/** The drawn box: empty, a tick, or a bar for mixed. */
export function TriStateBox({ state }: { readonly state: TriState }) {
  return <span className={`filters__tri-box filters__tri-box--${state}`} aria-hidden="true" />;
}

interface TriStateCheckboxProps {
  readonly state: TriState;
  /** A press; the caller decides the next state (a mixed box usually turns everything on). */
  readonly onToggle: () => void;
  /** The label, already translated. */
  readonly children: ReactNode;
  readonly isDisabled?: boolean;
  /** The caller's own class, added to the control's. */
  readonly className?: string;
}

export function TriStateCheckbox({ state, onToggle, children, isDisabled, className }: TriStateCheckboxProps) {
  return (
    <Checkbox
      className={className === undefined ? 'filters__tri-check' : `filters__tri-check ${className}`}
      isSelected={state === 'checked'}
      isIndeterminate={state === 'indeterminate'}
      isDisabled={isDisabled}
      onChange={() => onToggle()}
    >
      <TriStateBox state={state} />
      {children}
    </Checkbox>
  );
}
