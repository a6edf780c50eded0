// Remote commands (setting/alarm_threshold/remote): the command sends to trucks' devices with their live statuses, and
// a command sent from one of the remote templates (setting/alarm_threshold/remote_template).
import { useEffect, useState } from 'react';
import type { Company } from '../../../ui/filters';
import { reportFailure } from '../../reactions';
import { reportOptions } from '../report/report-options';
import { CommandSend } from './CommandSend';
import { SendList } from './SendMessageScreen';
import { REMOTE_PATH } from './use-send-filters';

export default function RemoteScreen() {
  const [companies, setCompanies] = useState<readonly Company[]>([]);
  useEffect(() => {
    let current = true;
    reportOptions().then((options) => current && setCompanies(options.companies), reportFailure);
    return () => {
      current = false;
    };
  }, []);
  return <SendList path={REMOTE_PATH} kind="command" tools={<CommandSend companies={companies} />} />;
}
