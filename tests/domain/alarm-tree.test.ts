// The alarm-setting tree: its shape from the catalogue, tri-states, toggles, and the stored comma list both ways.
import { describe, expect, it } from 'vitest';
import {
  ALARM_TREE, CHOOSABLE_TYPES, allState, choiceFromList, choiceToList, chosenCount, everyType, groupState, toggleAll,
  toggleGroup, toggleType, typeState, type AlarmChoice,
} from '../../domain/alarm-tree';
import {
  ADAS_ALARM_TYPE, ALARM_TYPE_IDS, expandTypeIds, parseTypeIds, passesChoice, type AlarmTypeId,
} from '../../domain/alarm-types';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const ADAS_EVENTS = [...range(9, 22), ...range(28, 37)];
const choice = (...ids: AlarmTypeId[]): AlarmChoice => new Set(ids);
const sorted = (set: AlarmChoice) => [...set].sort((a, b) => a - b);

describe('the tree', () => {
  it('holds the three groups in spec order: vehicle, driver, cargo', () => {
    expect(ALARM_TREE.map((group) => [group.group, group.labelKey])).toEqual([
      ['vehicle', 'alarm.group.vehicle'],
      ['driver', 'alarm.group.driver'],
      ['cargo', 'alarm.group.cargo'],
    ]);
  });

  it('lists each group’s spec types first, in spec order, then the device twins 45 and 44', () => {
    expect(ALARM_TREE.map((group) => group.nodes.map((node) => node.id))).toEqual([
      [2, 4, 5, 6, 7, 206, 45],
      [8, 201, 203, 44],
      [1, 202, 3, 204, 205],
    ]);
  });

  it('nests the ADAS events 9–22 and 28–37 under 8 and nowhere else', () => {
    const nodes = ALARM_TREE.flatMap((group) => group.nodes);
    const adas = nodes.find((node) => node.id === 8);
    expect(adas?.children.map((child) => child.id)).toEqual(ADAS_EVENTS);
    expect(nodes.filter((node) => node.id !== 8).every((node) => node.children.length === 0)).toBe(true);
  });

  it('places every catalogue type exactly once, labelled alarm.type.<id>', () => {
    const placed = ALARM_TREE.flatMap((group) => group.nodes.flatMap((node) => [node, ...node.children]));
    expect(placed.map((entry) => entry.id).sort((a, b) => a - b)).toEqual([...ALARM_TYPE_IDS]);
    for (const entry of placed) expect(entry.labelKey).toBe(`alarm.type.${entry.id}`);
  });

  it('lets the user tick every type but the parent 8, whose box follows its events', () => {
    expect(CHOOSABLE_TYPES).toHaveLength(ALARM_TYPE_IDS.length - 1);
    expect(CHOOSABLE_TYPES).not.toContain(8);
  });
});

describe('reading the stored list', () => {
  it.each([[null], [undefined]])('reads %j (no choice saved) as every type chosen', (list) => {
    const read = choiceFromList(list);
    expect(allState(read)).toBe('checked');
    expect(chosenCount(read)).toBe(CHOOSABLE_TYPES.length);
  });

  it.each([[''], [',,']])('reads %j (a saved choice of nothing) as no type chosen', (list) => {
    const read = choiceFromList(list);
    expect(allState(read)).toBe('unchecked');
    expect(chosenCount(read)).toBe(0);
  });

  it('reads a list of plain types as exactly those', () => {
    expect(sorted(choiceFromList('202,2,206'))).toEqual([2, 202, 206]);
  });

  it('reads 8 as the whole ADAS family', () => {
    const read = choiceFromList('8');
    expect(typeState(read, 8)).toBe('checked');
    expect(sorted(read)).toEqual(ADAS_EVENTS);
  });

  it('reads some ADAS events without 8 as a mixed 8', () => {
    const read = choiceFromList('9,16');
    expect(typeState(read, 8)).toBe('mixed');
    expect(typeState(read, 16)).toBe('checked');
    expect(typeState(read, 17)).toBe('unchecked');
  });
});

describe('writing the list', () => {
  it('writes every type, 8 included, in catalogue order, for a full choice', () => {
    expect(choiceToList(everyType())).toBe(ALARM_TYPE_IDS.join(','));
  });

  it('names 8 only when all its events are chosen', () => {
    expect(choiceToList(choice(2, 16, 9))).toBe('2,9,16');
    expect(choiceToList(new Set([...choiceFromList(ADAS_EVENTS.join(',')), 201]))).toBe(['8', ...ADAS_EVENTS, '201'].join(','));
  });

  it('writes nothing for an empty choice', () => {
    expect(choiceToList(choice())).toBe('');
  });

  it.each(['2,4', '1,3,202', '8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,28,29,30,31,32,33,34,35,36,37', '7,10,203'])(
    'round-trips %j',
    (list) => {
      expect(choiceToList(choiceFromList(list))).toBe(list);
    },
  );
});

describe('tri-states', () => {
  it('shows a group checked, mixed or unchecked by its types', () => {
    expect(groupState(choice(1, 202, 3, 204, 205), 'cargo')).toBe('checked');
    expect(groupState(choice(1, 202), 'cargo')).toBe('mixed');
    expect(groupState(choice(2), 'cargo')).toBe('unchecked');
  });

  it('counts ADAS events in the driver group', () => {
    const withoutOneEvent = toggleType(choiceFromList('8,201,203,44'), 35);
    expect(groupState(withoutOneEvent, 'driver')).toBe('mixed');
    expect(groupState(choiceFromList('8,201,203,44'), 'driver')).toBe('checked');
    expect(groupState(choice(16), 'driver')).toBe('mixed');
  });

  it('shows "all" mixed once one type is off', () => {
    expect(allState(everyType())).toBe('checked');
    expect(allState(toggleType(everyType(), 206))).toBe('mixed');
    expect(allState(choice())).toBe('unchecked');
  });
});

describe('toggling', () => {
  it('unchecks a checked group and leaves the other groups alone', () => {
    const next = toggleGroup(everyType(), 'cargo');
    expect(groupState(next, 'cargo')).toBe('unchecked');
    expect(groupState(next, 'vehicle')).toBe('checked');
    expect(groupState(next, 'driver')).toBe('checked');
    expect(choiceToList(next).split(',')).toEqual(ALARM_TYPE_IDS.filter((id) => ![1, 202, 3, 204, 205].includes(id)).map(String));
  });

  it('checks a mixed group fully, and an unchecked one too', () => {
    expect(groupState(toggleGroup(choice(1), 'cargo'), 'cargo')).toBe('checked');
    expect(groupState(toggleGroup(choice(), 'vehicle'), 'vehicle')).toBe('checked');
  });

  it('toggles 8 with all its events', () => {
    const on = toggleType(choice(16), 8);
    expect(sorted(on)).toEqual(ADAS_EVENTS);
    const off = toggleType(on, 8);
    expect(sorted(off)).toEqual([]);
  });

  it('toggles one leaf without touching its siblings, and 8 follows', () => {
    const off = toggleType(everyType(), 10);
    expect(off.has(10)).toBe(false);
    expect(off.has(9)).toBe(true);
    expect(typeState(off, 8)).toBe('mixed');
    expect(choiceToList(off).split(',')).not.toContain('8');
    expect(typeState(toggleType(off, 10), 8)).toBe('checked');
  });

  it('toggles "all" from mixed to every type, then to none', () => {
    const mixed = choice(2, 202);
    const all = toggleAll(mixed);
    expect(chosenCount(all)).toBe(CHOOSABLE_TYPES.length);
    expect(chosenCount(toggleAll(all))).toBe(0);
  });

  it('does not change the choice it was given', () => {
    const before = choice(2);
    toggleType(before, 4);
    toggleGroup(before, 'cargo');
    toggleAll(before);
    expect(sorted(before)).toEqual([2]);
  });
});

describe('the tree and the filters agree', () => {
  // What the tree shows ticked is what the server's socket and the worker let through, for lists the tree writes and
  // for lists another console may have stored.
  const lists = [
    '', '8', '2,4', '8,9,10', '9,10', choiceToList(toggleType(everyType(), 9)), choiceToList(everyType()),
    choiceToList(toggleGroup(everyType(), 'driver')), '201,8', '45,44',
  ];

  it.each(lists)('list "%s": the ticked events pass the filter, the others do not; 8 itself passes when 8 is ticked', (list) => {
    const shown = choiceFromList(list);
    const expanded = expandTypeIds(parseTypeIds(list));
    for (const id of CHOOSABLE_TYPES) expect(passesChoice(expanded, id), `type ${id}`).toBe(shown.has(id));
    expect(passesChoice(expanded, ADAS_ALARM_TYPE)).toBe(typeState(shown, ADAS_ALARM_TYPE) === 'checked');
  });

  it('writes 8 only with every ADAS event, so one event unticked stops the plain ADAS alarm too', () => {
    const list = choiceToList(toggleType(everyType(), 9));
    expect(parseTypeIds(list)).not.toContain(8);
    expect(passesChoice(expandTypeIds(parseTypeIds(list)), 10)).toBe(true);
  });
});
