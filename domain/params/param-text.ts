// The parameter files' text format (docs/param-files/README.md), in one import: `key=value` lines, the header first,
// each repeating block opened by `[<section>.<index>]`, `#` comments and blank lines kept; parse, write and edit.
export type { ParamDocument, ParamPath } from './param-document';
export { formatParamValue, paramNumber, paramValue, sectionCount } from './param-document';
export { parseParamFile, writeParamFile } from './param-parse';
export { newParamDocument, withParamValue, withSectionCount, type ParamValues } from './param-edit';
