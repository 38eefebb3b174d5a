export { newId } from '../lib/new-id.ts';
