import { ClientWithPlatform } from '@app/domain/clients/client';

export function presentClient({ client, platform }: ClientWithPlatform) {
  return {
    client_id: client.id,
    name: client.name,
    phone: client.phone,
    email: client.email,
    country_code: client.countryCode,
    address: client.address,
    gstin: client.gstin,
    state_code: client.stateCode,
    reminders_opt_out: client.remindersOptOut === true,
    registration_type: client.registrationType ?? null,
    created_at: client.createdAt,
    updated_at: client.updatedAt,
    uses_platform: platform.usesPlatform,
    platform_logo_url: platform.logoUrl,
    platform_subscription_active: platform.subscriptionActive,
  };
}
