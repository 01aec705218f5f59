import type { User } from './entities.ts';

/** A staff member as the newsroom's story list names them (GET /api/users/staff, its Author filter): never the email. */
export type StaffMember = Pick<User, 'id' | 'username' | 'firstName' | 'lastName' | 'role' | 'isActive'>;
