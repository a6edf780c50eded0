// The controls built on react-aria-components (report filters, form choices, dialogs); import them only from lazily loaded screens.
export { CompanyTreeSelect, type CompanyTreeSelectProps } from './CompanyTreeSelect';
export { PlateComboBox, PLATE_LIST_LIMIT, type PlateComboBoxProps } from './PlateComboBox';
export { DateTimeRangePicker, type DateTimeRangePickerProps } from './DateTimeRangePicker';
export { FilterSelect, type FilterOption, type FilterSelectProps } from './FilterSelect';
export type { Company } from './company-tree';
export type { Plate } from './plate-match';
export type { MsRange, RangeGranularity } from './date-convert';
export { ViewTabs, type ViewTab, type ViewTabsProps } from './ViewTabs';
export { ChoiceField, type Choice, type ChoiceFieldProps } from './ChoiceField';
export { CompanyPicker, companyChoices, type CompanyPickerProps } from './CompanyPicker';
export { FormDialog, type FormDialogProps } from './FormDialog';
export { TextFilter, type TextFilterProps } from './TextFilter';
export { SearchComboBox, type SearchComboBoxProps } from './SearchComboBox';
export { CheckboxTree, type CheckboxTreeItem, type CheckboxTreeProps, type CheckChange } from './CheckboxTree';
export { TriStateCheckbox, type TriState, type TriStateCheckboxProps } from './TriStateCheckbox';
export { RequiredMark } from './RequiredMark';
export { SearchBar, type SearchBarLook, type SearchBarProps, type SearchField } from './SearchBar';
