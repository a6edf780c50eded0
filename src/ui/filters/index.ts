// The report screens' filter controls, on react-aria-components; import them only from the lazily loaded report chunk.
export { CompanyTreeSelect, type CompanyTreeSelectProps } from './CompanyTreeSelect';
export { PlateComboBox, PLATE_LIST_LIMIT, type PlateComboBoxProps } from './PlateComboBox';
export { DateTimeRangePicker, type DateTimeRangePickerProps } from './DateTimeRangePicker';
export { FilterSelect, type FilterOption, type FilterSelectProps } from './FilterSelect';
export type { Company } from './company-tree';
export type { Plate } from './plate-match';
export type { MsRange, RangeGranularity } from './date-convert';
export { ViewTabs, type ViewTab, type ViewTabsProps } from './ViewTabs';
