import { signedInUser } from '../../web/auth/signed-in-user.ts';
import { showStaffCorner } from './staff-corner.ts';

/**
 * The header's account corner on a reader's page, for a browser with a staff token: the staff
 * member's name, role and Logout, and their tabs (staff-corner.ts). A token the server refuses
 * leaves the page as the worker wrote it. (On the app's screens the app keeps the corner in step.)
 */
export async function mount(corner: HTMLElement): Promise<void> {
  const user = await signedInUser();
  if (user) showStaffCorner(corner, user);
}
