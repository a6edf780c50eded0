// The controls built on react-aria-components (report filters, form choices); import them only from lazily loaded screens.
export { CompanyTreeSelect } from './CompanyTreeSelect';
export { PlateComboBox, PLATE_LIST_LIMIT } from './PlateComboBox';
export { DateTimeRangePicker } from './DateTimeRangePicker';
export { FilterSelect, type FilterOption } from './FilterSelect';
export type { Company } from './company-tree';
export type { Plate } from './plate-match';
export type { MsRange, RangeGranularity } from './date-convert';
export { ViewTabs } from './ViewTabs';
export { ChoiceField } from './ChoiceField';
export { CompanyPicker, companyChoices } from './CompanyPicker';
export { SearchComboBox } from './SearchComboBox';
export { CheckboxTree, type CheckboxTreeItem, type CheckChange } from './CheckboxTree';
export { TriStateCheckbox, type TriState } from './TriStateCheckbox';
export { RequiredMark } from './RequiredMark';
export { SearchBar, type SearchBarLook, type SearchField } from './SearchBar';
