/** What the companies module offers the other modules: whose company a person is in, and as what. */
export { type Membership, membershipOf } from './membership.ts';
