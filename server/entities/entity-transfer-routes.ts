// Calls for bulk import of a definition's rows from an .xlsx template and export of any entity list (issue 14).
import type { ContractPlugin } from '../routes/plugin';

export const entityTransferRoutes: ContractPlugin = async () => {
  // Filled in by its part of issue 14.
};
