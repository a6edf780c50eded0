// Remote commands (setting/alarm_threshold/remote): the command sends to trucks' devices with their live statuses, and
// a command sent from one of the remote templates (setting/alarm_threshold/remote_template).
import { CommandSend } from './CommandSend';
import { SendList } from '../send-message/SendMessageScreen';
import { REMOTE_PATH } from '../send-message/send-filters';

export default function RemoteScreen() {
  return <SendList path={REMOTE_PATH} kind="command" tools={(companies) => <CommandSend companies={companies} />} />;
}
