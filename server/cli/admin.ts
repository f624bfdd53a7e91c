import { EmailSchema } from '../../contract/common.ts';
import { AppError } from '../errors.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { giveNewPassword } from './new-password.ts';
import { fail, withDatabase } from './with-database.ts';

/** How the audit log names a change made here: by whoever runs the server's command line. */
const COMMAND_LINE = { id: null, name: 'The command line (npm run admin)', email: '' };

const usage = 'Usage: npm run admin -- grant EMAIL | revoke EMAIL | new-password EMAIL | list';
const [command, email] = process.argv.slice(2);

if (
  command !== 'list' &&
  (!['grant', 'revoke', 'new-password'].includes(command ?? '') ||
    !EmailSchema.safeParse(email).success)
) {
  fail(usage);
}

await withDatabase(async ({ db }) => {
  const users = createUsersService(db);
  try {
    if (command === 'list') {
      for (const user of (await users.listAll({ role: 'Admin' })).users) {
        if (user.role === 'Admin') console.log(`${user.email}\t${user.name}`);
      }
      return;
    }
    if (command === 'new-password') {
      const password = await giveNewPassword(db, email as string);
      if (!password) fail(`${email} has no account with a password.`);
      console.log(
        `${email} now has the password ${password} (shown once); its sessions are ended.`,
      );
      return;
    }
    const updated = await users.setRole(
      COMMAND_LINE,
      email as string,
      command === 'grant' ? 'Admin' : 'User',
    );
    console.log(`${updated.email} is now ${updated.role === 'Admin' ? 'an admin' : 'a customer'}.`);
  } catch (error) {
    if (error instanceof AppError) fail(error.message);
    throw error;
  }
});
