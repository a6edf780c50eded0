// The companies and trucks of the caller (the report filters' options, the entity forms' company pickers): asked once
// per session and shared by every screen, asked again after a screen changed the organisations.
import { callPath } from '../../../api/client';
import { REPORT_OPTIONS_PATH, type ReportOptions } from '../../../../domain/screens/reports/wire';

let options: Promise<ReportOptions> | undefined;

/** The companies and trucks the filters offer; asked once and shared by every view. */
export function reportOptions(): Promise<ReportOptions> {
  options ??= callPath<ReportOptions>('GET', REPORT_OPTIONS_PATH, {}).catch((error: unknown) => {
    options = undefined;
    throw error;
  });
  return options;
}

/** The next `reportOptions()` asks the server again: an organisation was added or renamed. */
export function forgetReportOptions(): void {
  options = undefined;
}
