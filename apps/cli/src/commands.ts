import { AccountAdminService } from '@app/domain/accounts/account-admin.service';
import { ValidationFailed } from '@app/domain/shared/domain-error';

export type Options = Record<string, string>;

export const USAGE = `Commands:
  migrate
  account:create --name N --email E [--gstin G] [--currency INR] [--plan free|pro] [--expires "Y-m-d H:i:s"] [--username U --password P]
  account:suspend --account ID
  account:unsuspend --account ID
  account:set-plan --account ID --plan free|pro [--expires "Y-m-d H:i:s"]
  account:rotate-key --account ID
  demo:seed --url API_BASE_URL   (the account's API key in DEMO_API_KEY)`;

export function parseArgs(argv: string[]): { command: string; options: Options } {
  const [command = '', ...rest] = argv;
  const options: Options = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith('--')) throw ValidationFailed.field(arg, `unexpected argument\n${USAGE}`);
    const eq = arg.indexOf('=');
    if (eq > 0) options[arg.slice(2, eq)] = arg.slice(eq + 1);
    else {
      const value = rest[i + 1];
      if (value === undefined || value.startsWith('--')) throw ValidationFailed.field(arg.slice(2), 'needs a value');
      options[arg.slice(2)] = value;
      i++;
    }
  }
  return { command, options };
}

function accountId(options: Options): number {
  const id = Number(options.account);
  if (!Number.isInteger(id) || id < 1) throw ValidationFailed.field('account', 'must be an account id');
  return id;
}

export async function runCommand(admin: AccountAdminService, command: string, options: Options): Promise<unknown> {
  switch (command) {
    case 'account:create':
      return admin.create({
        name: options.name,
        email: options.email,
        gstin: options.gstin ?? null,
        currency: options.currency,
        plan: options.plan,
        expires: options.expires ?? null,
        username: options.username ?? null,
        password: options.password ?? null,
      });
    case 'account:suspend':
      await admin.setSuspended(accountId(options), true);
      return { ok: true };
    case 'account:unsuspend':
      await admin.setSuspended(accountId(options), false);
      return { ok: true };
    case 'account:set-plan':
      await admin.setPlan(accountId(options), options.plan, options.expires ?? null);
      return { ok: true };
    case 'account:rotate-key':
      return admin.rotateKey(accountId(options));
    default:
      throw ValidationFailed.field('command', `unknown command "${command}"\n${USAGE}`);
  }
}
