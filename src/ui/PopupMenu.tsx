// A keyboard-friendly popup menu: focus moves in on open, arrows move between items, Escape or a click outside closes.
import { useEffect, useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';

interface PopupMenuProps {
  readonly label: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly className?: string;
  readonly style?: CSSProperties;
}

const items = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemradio"]')];

export function PopupMenu({ label, onClose, children, className, style }: PopupMenuProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = ref.current;
    if (root) items(root)[0]?.focus();
    const outside = (event: PointerEvent) => {
      if (root && event.target instanceof Node && !root.contains(event.target)) onClose();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [onClose]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const root = ref.current;
    if (!root) return;
    const list = items(root);
    const at = list.findIndex((item) => item === document.activeElement);
    const move = (to: number) => list[(to + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
  }

  return (
    <div ref={ref} role="menu" aria-label={label} className={className} style={style} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
