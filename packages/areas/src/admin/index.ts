import { createArea } from '../kit/create-area';
import { AdminArea } from './AdminArea';

export const { bootstrap, mount, unmount, update } = createArea(AdminArea);
