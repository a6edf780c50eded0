// The menu groups and their routes as a tree of checkboxes (react-aria's Tree: arrows move and open, Space checks):
// a group is checked, unchecked or indeterminate by its routes; checking a group checks its routes. Routes the editor
// does not hold are shown but cannot be changed.
import { useMemo, useState } from 'react';
import { Button, Checkbox, Tree, TreeItem, TreeItemContent, type Key, type Selection } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { menuGroupTitleKey, type MenuGroup } from '../../../domain/routes';
import {
  FUNCTION_TREE, groupState, isGroupId, setGroup, setRoute, toggleAll, type CheckState, type Chosen, type Locked,
} from '../../../domain/screens/accounts/role-functions';

export interface FunctionTreeProps {
  readonly chosen: Chosen;
  readonly locked: Locked;
  readonly onChange: (next: Set<string>) => void;
  /** The id of the text about the choice (the required message). */
  readonly describedBy?: string;
}

const GROUP_KEY = 'group:';
const groupKey = (group: MenuGroup): string => `${GROUP_KEY}${group}`;
const groupOf = (key: Key): string | undefined => (String(key).startsWith(GROUP_KEY) ? String(key).slice(GROUP_KEY.length) : undefined);

/** The tree's selection: every chosen route and every checked group (an indeterminate one shows its own mark). */
function selectionOf(chosen: Chosen): Set<Key> {
  const keys = new Set<Key>(chosen);
  for (const { group } of FUNCTION_TREE) if (groupState(group, chosen) === 'checked') keys.add(groupKey(group));
  return keys;
}

/** A change of the tree's selection as the model's: what was added or removed, a group with all its routes. */
function applySelection(chosen: Chosen, before: ReadonlySet<Key>, after: Selection, locked: Locked): Set<string> {
  // Ctrl+A: every route the editor holds on (toggled from none of them, so it turns them on); locked ones as they were.
  if (after === 'all') return toggleAll(new Set([...chosen].filter((path) => locked.has(path))), locked);
  let next = new Set(chosen);
  for (const key of new Set([...before, ...after])) {
    const on = after.has(key);
    if (before.has(key) === on) continue;
    const group = groupOf(key);
    if (group === undefined) next = setRoute(next, String(key), on, locked);
    else if (isGroupId(group)) next = setGroup(next, group, on, locked);
  }
  return next;
}

function Box({ state }: { readonly state: CheckState }) {
  return <span className={`role-function__box role-function__box--${state}`} aria-hidden="true" />;
}

export function FunctionTree({ chosen, locked, onChange, describedBy }: FunctionTreeProps) {
  const { t } = useTranslation();
  const selected = useMemo(() => selectionOf(chosen), [chosen]);
  const disabled = useMemo(() => {
    const keys = new Set<Key>(locked);
    for (const { group, routes } of FUNCTION_TREE) if (routes.every((route) => locked.has(route.path))) keys.add(groupKey(group));
    return keys;
  }, [locked]);
  // Opened at first where a group is partly chosen: the routes that make it so are in view.
  const [expanded, setExpanded] = useState<Set<Key>>(
    () => new Set(FUNCTION_TREE.filter(({ group }) => groupState(group, chosen) === 'indeterminate').map(({ group }) => groupKey(group))),
  );

  return (
    <Tree
      className="role-function__tree"
      aria-label={t('roleFunction.functions')}
      aria-describedby={describedBy}
      selectionMode="multiple"
      selectedKeys={selected}
      onSelectionChange={(keys) => onChange(applySelection(chosen, selected, keys, locked))}
      disabledKeys={disabled}
      // Routes the editor does not hold stay reachable by keyboard, to read; only their checkbox is off.
      disabledBehavior="selection"
      expandedKeys={expanded}
      onExpandedChange={setExpanded}
    >
      {FUNCTION_TREE.map(({ group, routes }) => {
        const title = t(menuGroupTitleKey(group));
        const state = groupState(group, chosen);
        return (
          <TreeItem key={group} id={groupKey(group)} textValue={title} className="role-function__item" data-group={group} data-state={state}>
            <TreeItemContent>
              {({ isExpanded }) => (
                <>
                  <Checkbox slot="selection" className="role-function__check" isIndeterminate={state === 'indeterminate'}>
                    <Box state={state} />
                  </Checkbox>
                  <Button slot="chevron" className="role-function__chevron">
                    <span aria-hidden="true">{isExpanded ? '▾' : '▸'}</span>
                  </Button>
                  <span className="role-function__title">{title}</span>
                </>
              )}
            </TreeItemContent>
            {routes.map((route) => {
              const routeTitle = t(route.titleKey);
              const isLocked = locked.has(route.path);
              return (
                <TreeItem key={route.path} id={route.path} textValue={routeTitle} className="role-function__item role-function__item--route" data-path={route.path}>
                  <TreeItemContent>
                    <Checkbox slot="selection" className="role-function__check">
                      <Box state={chosen.has(route.path) ? 'checked' : 'unchecked'} />
                    </Checkbox>
                    <span className="role-function__title" title={isLocked ? t('roleFunction.locked') : undefined}>
                      {routeTitle}
                    </span>
                  </TreeItemContent>
                </TreeItem>
              );
            })}
          </TreeItem>
        );
      })}
    </Tree>
  );
}
