import { createArea } from '../kit/create-area';
import { ReportsArea } from './ReportsArea';

export const { bootstrap, mount, unmount, update } = createArea(ReportsArea);
