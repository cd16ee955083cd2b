import { prepareTemplate } from './server';

export default function globalSetup() {
  prepareTemplate();
}
