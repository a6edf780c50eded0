// The menu groups and their routes as a tree of checkboxes: a group is checked, unchecked or indeterminate by its
// routes; checking a group checks its routes. Routes the editor does not hold are shown but cannot be changed.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuGroupTitleKey, type MenuGroup } from '../../../../domain/routes';
import {
  FUNCTION_TREE, groupState, isGroupId, setGroup, setRoute, toggleAll, type Chosen, type Locked,
} from '../../../../domain/screens/accounts/role-functions';
import { CheckboxTree, type CheckChange, type CheckboxTreeItem } from '../../../ui/filters';

interface FunctionTreeProps {
  readonly chosen: Chosen;
  readonly locked: Locked;
  readonly onChange: (next: Set<string>) => void;
  /** The id of the text about the choice (the required message). */
  readonly describedBy?: string;
}

// Group ids are prefixed so no route path can be taken for a group.
const GROUP_KEY = 'group:';
const groupKey = (group: MenuGroup): string => `${GROUP_KEY}${group}`;
const groupOf = (id: string): string | undefined => (id.startsWith(GROUP_KEY) ? id.slice(GROUP_KEY.length) : undefined);

/** The turned boxes as the model's change: a group with all its routes, locked ones as they were. */
function applyChanges(chosen: Chosen, changes: readonly CheckChange[], locked: Locked): Set<string> {
  let next = new Set(chosen);
  for (const { id, checked } of changes) {
    const group = groupOf(id);
    if (group === undefined) next = setRoute(next, id, checked, locked);
    else if (isGroupId(group)) next = setGroup(next, group, checked, locked);
  }
  return next;
}

export function FunctionTree({ chosen, locked, onChange, describedBy }: FunctionTreeProps) {
  const { t } = useTranslation();
  const items = useMemo(
    (): CheckboxTreeItem[] =>
      FUNCTION_TREE.map(({ group, routes }) => ({
        id: groupKey(group),
        label: t(menuGroupTitleKey(group)),
        state: groupState(group, chosen),
        isDisabled: routes.every((route) => locked.has(route.path)),
        data: { group },
        children: routes.map((route) => ({
          id: route.path,
          label: t(route.titleKey),
          state: chosen.has(route.path) ? 'checked' : 'unchecked',
          isDisabled: locked.has(route.path),
          hint: locked.has(route.path) ? t('roleFunction.locked') : undefined,
          data: { path: route.path },
        })),
      })),
    [chosen, locked, t],
  );
  // Opened at first where a group is partly chosen: the routes that make it so are in view.
  const [opened] = useState(() => FUNCTION_TREE.filter(({ group }) => groupState(group, chosen) === 'indeterminate').map(({ group }) => groupKey(group)));

  return (
    <CheckboxTree
      className="role-function__tree"
      items={items}
      label={t('roleFunction.functions')}
      describedBy={describedBy}
      defaultExpanded={opened}
      onCheck={(changes) => onChange(applyChanges(chosen, changes, locked))}
      // Ctrl+A: every route the editor holds on (toggled from none of them, so it turns them on); locked ones as they were.
      onCheckAll={() => onChange(toggleAll(new Set([...chosen].filter((path) => locked.has(path))), locked))}
    />
  );
}
