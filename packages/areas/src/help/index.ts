import { createArea } from '../kit/create-area';
import { HelpArea } from './HelpArea';

export const { bootstrap, mount, unmount, update } = createArea(HelpArea);
