// GET /deviceTest?truckId= (setting/base_data/test; docs/commissioning.md): one truck's commissioning check,
// read fresh on each call from the device's copies and the live row, judged by the domain's rules.
import { COMMISSIONING_CALL_PATH, judgeCommissioning, type CommissioningAnswer } from '../../domain/params/commissioning';
import { envelope } from '../../domain/wire/envelope';
import { authOf } from '../auth/guard';
import { failText } from '../envelope';
import { field, type ContractPlugin } from '../routes/plugin';
import { readCommissioningFacts } from './commissioning-read';

export const commissioningRoutes: ContractPlugin = async (app, { services }) => {
  app.get<{ Querystring: { truckId: number } }>(
    COMMISSIONING_CALL_PATH,
    {
      config: { access: '/setting/base_data/test' },
      schema: { querystring: { type: 'object', required: ['truckId'], properties: { truckId: field.id } } },
    },
    async (request) => {
      const now = Date.now();
      const facts = await readCommissioningFacts(services.db, request.query.truckId, authOf(request).companyCodes, now);
      if (!facts) return failText(request, 400, 'commissioning.noTruck');
      return envelope<CommissioningAnswer>(judgeCommissioning(facts, now));
    },
  );
};
