// AG Grid's modules and theme, registered once when the first grid chunk loads: only what the report grids use
// (infinite row model, pinned summary row, row selection, auto-size, rows patched in place, the grid's own texts in the
// console's language), about 200 KB gzipped instead of every module.
import {
  CellStyleModule, ColumnAutoSizeModule, InfiniteRowModelModule, LocaleModule, ModuleRegistry, PinnedRowModule, RowSelectionModule,
  RowApiModule, RowStyleModule, themeQuartz,
} from 'ag-grid-community';

ModuleRegistry.registerModules([
  InfiniteRowModelModule, PinnedRowModule, RowSelectionModule, ColumnAutoSizeModule, RowStyleModule, CellStyleModule, RowApiModule, LocaleModule,
]);

export const gridTheme = themeQuartz.withParams({
  fontSize: 13,
  headerFontSize: 13,
  rowHeight: 32,
  headerHeight: 34,
  spacing: 6,
  accentColor: '#1f6feb',
  headerBackgroundColor: '#f3f5f8',
  oddRowBackgroundColor: '#fafbfc',
});
