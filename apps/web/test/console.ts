export { allowConsole } from '../../../test/console-allow';
