import { UnderConstruction } from '@/components/under-construction';

export { UnderConstruction as Component };
