/** What the companies module offers the other modules: whose company a person is in, and as what. */
export { lockedMembershipOf, type Membership, membershipOf } from './membership.ts';
