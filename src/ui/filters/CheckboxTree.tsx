// A tree of checkable items on react-aria's Tree (arrows move and open, Space checks, Ctrl+A checks all): parents show
// the tri-state the caller gives them, disabled items stay reachable to read but cannot be checked. The caller owns
// what a check means (a parent taking its children along), so the tree only reports which boxes were turned.
import { useMemo } from 'react';
import { Button, Tree, TreeItem, TreeItemContent, Checkbox, type Key, type Selection } from 'react-aria-components';
import { AriaLocale } from './AriaLocale';
import { TriStateBox, type TriState } from './TriStateCheckbox';
import './filters.css';

export interface CheckboxTreeItem {
  /** Unique in the whole tree. */
  readonly id: string;
  /** Already translated. */
  readonly label: string;
  readonly state: TriState;
  readonly isDisabled?: boolean;
  /** Shown on hovering the label (why the item cannot be changed). */
  readonly hint?: string;
  readonly children?: readonly CheckboxTreeItem[];
  /** The caller's hooks on the item's row, each set as a data-* attribute (`{ group: 'x' }` gives data-group="x"). */
  readonly data?: Readonly<Record<string, string>>;
}

/** One box the user turned: on or off. */
export interface CheckChange {
  readonly id: string;
  readonly checked: boolean;
}

interface CheckboxTreeProps {
  readonly items: readonly CheckboxTreeItem[];
  /** The tree's accessible name, already translated. */
  readonly label: string;
  /** The id of the caller's text about the choice (its message). */
  readonly describedBy?: string;
  /** Parents open at first; later opening and closing is the tree's own. */
  readonly defaultExpanded?: Iterable<string>;
  /** The boxes turned by one press or key, in tree order. */
  readonly onCheck: (changes: readonly CheckChange[]) => void;
  /** Ctrl+A: every item the user may change turned on. */
  readonly onCheckAll: () => void;
  /** The caller's own class on the tree (its layout), added to the control's. */
  readonly className?: string;
}

function flatten(items: readonly CheckboxTreeItem[]): CheckboxTreeItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
}

/** The caller's data hooks as attributes. */
function dataAttributes(data: CheckboxTreeItem['data']): Record<string, string> {
  return Object.fromEntries(Object.entries(data ?? {}).map(([name, value]) => [`data-${name}`, value]));
}

export function CheckboxTree(props: CheckboxTreeProps) {
  return (
    <AriaLocale>
      <CheckboxTreeView {...props} />
    </AriaLocale>
  );
}

function CheckboxTreeView({ items, label, describedBy, defaultExpanded, onCheck, onCheckAll, className }: CheckboxTreeProps) {
  const all = useMemo(() => flatten(items), [items]);
  // A mixed parent is not selected to react-aria: it draws its own mark, and a press on it selects it (turns it on).
  const selected = useMemo(() => new Set<Key>(all.filter((item) => item.state === 'checked').map((item) => item.id)), [all]);
  const disabled = useMemo(() => all.filter((item) => item.isDisabled === true).map((item) => item.id), [all]);

  const select = (after: Selection) => {
    if (after === 'all') {
      onCheckAll();
      return;
    }
    const changes = all.filter((item) => selected.has(item.id) !== after.has(item.id)).map((item) => ({ id: item.id, checked: after.has(item.id) }));
    if (changes.length > 0) onCheck(changes);
  };

  return (
    <Tree
      className={className === undefined ? 'filters__check-tree' : `filters__check-tree ${className}`}
      aria-label={label}
      aria-describedby={describedBy}
      selectionMode="multiple"
      selectedKeys={selected}
      onSelectionChange={select}
      disabledKeys={disabled}
      // Disabled items stay reachable by keyboard, to read; only their box is off.
      disabledBehavior="selection"
      defaultExpandedKeys={defaultExpanded}
    >
      {items.map(renderItem)}
    </Tree>
  );
}

function renderItem(item: CheckboxTreeItem) {
  return (
    <TreeItem key={item.id} id={item.id} textValue={item.label} className="filters__check-tree-item" data-state={item.state} {...dataAttributes(item.data)}>
      <TreeItemContent>
        {({ hasChildItems, isExpanded }) => (
          <>
            <Checkbox slot="selection" className="filters__check-tree-check" isIndeterminate={item.state === 'indeterminate'}>
              <TriStateBox state={item.state} />
            </Checkbox>
            {hasChildItems && (
              <Button slot="chevron" className="filters__check-tree-chevron">
                <span aria-hidden="true">{isExpanded ? '▾' : '▸'}</span>
              </Button>
            )}
            <span className="filters__check-tree-title" title={item.hint}>
              {item.label}
            </span>
          </>
        )}
      </TreeItemContent>
      {item.children?.map(renderItem)}
    </TreeItem>
  );
}
