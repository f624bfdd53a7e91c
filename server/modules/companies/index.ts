/** What the companies module offers the other modules: whose company a person is in, and as what. */
export { lockedMembershipOf, membershipOf } from './membership.ts';
