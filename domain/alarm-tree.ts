// The alarm-setting tree (shell spec §2, §5 Alarm choice, §9 groups): its shape, tri-states, toggles and the comma list.
import {
  ALARM_GROUP_LABEL_KEYS, ALARM_GROUPS, ALARM_TYPE_IDS, ALARM_TYPES, alarmTypeLabelKey, groupOf, parseTypeIds,
  type AlarmGroup, type AlarmTypeId,
} from './alarm-types';
import type { LocaleKey } from './i18n';

export type TriState = 'checked' | 'unchecked' | 'mixed';

/**
 * The types a user has ticked, leaves only. A parent (8, driver assistance) is never held here: it is chosen exactly
 * when all its events are, as the list says on the wire (8 in the list means the whole family).
 */
export type AlarmChoice = ReadonlySet<AlarmTypeId>;

interface AlarmTreeLeaf {
  readonly id: AlarmTypeId;
  readonly labelKey: LocaleKey;
}

interface AlarmTreeNode extends AlarmTreeLeaf {
  /** The events filed under this type (8's ADAS events); empty for a plain type. */
  readonly children: readonly AlarmTreeLeaf[];
}

interface AlarmTreeGroup {
  readonly group: AlarmGroup;
  readonly labelKey: LocaleKey;
  readonly nodes: readonly AlarmTreeNode[];
}

/** The spec's group order (§9). */
const GROUP_ORDER = ['vehicle', 'driver', 'cargo'] as const satisfies readonly AlarmGroup[];

const leaf = (id: AlarmTypeId): AlarmTreeLeaf => ({ id, labelKey: alarmTypeLabelKey(id) });

function childrenOf(id: AlarmTypeId): AlarmTypeId[] {
  return ALARM_TYPES.filter((type) => type.parent === id).map((type) => type.id);
}

/** A group's top-level types: the spec's list in its order, then the catalogue's other types of that group. */
function topLevel(group: AlarmGroup): AlarmTypeId[] {
  const listed: readonly AlarmTypeId[] = ALARM_GROUPS[group];
  const others = ALARM_TYPES.filter((type) => type.parent === undefined && groupOf(type.id) === group && !listed.includes(type.id));
  return [...listed, ...others.map((type) => type.id)];
}

/** The three groups in spec order, every catalogue type placed once, ADAS events nested under 8. */
export const ALARM_TREE: readonly AlarmTreeGroup[] = GROUP_ORDER.map((group) => ({
  group,
  labelKey: ALARM_GROUP_LABEL_KEYS[group],
  nodes: topLevel(group).map((id) => ({ ...leaf(id), children: childrenOf(id).map(leaf) })),
}));

const CHILDREN = new Map<AlarmTypeId, readonly AlarmTypeId[]>(
  ALARM_TREE.flatMap((group) => group.nodes.filter((node) => node.children.length > 0).map((node) => [node.id, node.children.map((c) => c.id)] as const)),
);

function leavesOfNode(node: AlarmTreeNode): AlarmTypeId[] {
  return node.children.length > 0 ? node.children.map((child) => child.id) : [node.id];
}

const GROUP_LEAVES = new Map<AlarmGroup, readonly AlarmTypeId[]>(
  ALARM_TREE.map((group) => [group.group, group.nodes.flatMap(leavesOfNode)]),
);

/** Every type a user ticks one by one, in tree order; the count shown is out of these. */
export const CHOOSABLE_TYPES: readonly AlarmTypeId[] = ALARM_TREE.flatMap((group) => group.nodes.flatMap(leavesOfNode));

/** The leaves a type stands for: a parent's events, or the type itself. */
function leavesOf(id: AlarmTypeId): readonly AlarmTypeId[] {
  return CHILDREN.get(id) ?? [id];
}

/** The state of a set of leaves. */
function stateOf(choice: AlarmChoice, leaves: readonly AlarmTypeId[]): TriState {
  const chosen = leaves.filter((id) => choice.has(id)).length;
  if (chosen === 0) return 'unchecked';
  return chosen === leaves.length ? 'checked' : 'mixed';
}

/** Unchecked or mixed becomes all chosen; checked becomes none. */
function toggleLeaves(choice: AlarmChoice, leaves: readonly AlarmTypeId[]): AlarmChoice {
  const next = new Set(choice);
  const on = stateOf(choice, leaves) !== 'checked';
  for (const id of leaves) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** Every type chosen. */
export function everyType(): AlarmChoice {
  return new Set(CHOOSABLE_TYPES);
}

/** Reads the stored comma list: none saved (null) means every type, an empty list none, a parent all its events. */
export function choiceFromList(list: string | null | undefined): AlarmChoice {
  if (list === null || list === undefined) return everyType();
  return new Set(parseTypeIds(list).flatMap((id) => leavesOf(id)));
}

/** Writes the choice in catalogue order, naming a parent when all its events are chosen. */
export function choiceToList(choice: AlarmChoice): string {
  const chosen = (id: AlarmTypeId) => stateOf(choice, leavesOf(id)) === 'checked';
  return ALARM_TYPE_IDS.filter(chosen).join(',');
}

export function chosenCount(choice: AlarmChoice): number {
  return CHOOSABLE_TYPES.filter((id) => choice.has(id)).length;
}

export const allState = (choice: AlarmChoice): TriState => stateOf(choice, CHOOSABLE_TYPES);
export const groupState = (choice: AlarmChoice, group: AlarmGroup): TriState => stateOf(choice, GROUP_LEAVES.get(group) ?? []);
/** A type's state: a parent's follows its events, a plain type is checked or unchecked. */
export const typeState = (choice: AlarmChoice, id: AlarmTypeId): TriState => stateOf(choice, leavesOf(id));

export const toggleAll = (choice: AlarmChoice): AlarmChoice => toggleLeaves(choice, CHOOSABLE_TYPES);
export const toggleGroup = (choice: AlarmChoice, group: AlarmGroup): AlarmChoice => toggleLeaves(choice, GROUP_LEAVES.get(group) ?? []);
/** Toggles a plain type, or a parent with all its events. */
export const toggleType = (choice: AlarmChoice, id: AlarmTypeId): AlarmChoice => toggleLeaves(choice, leavesOf(id));
