export { namedBuyer } from './named-buyer.ts';
