export const REGISTRATION_TYPES = ['regular', 'composition', 'uin', 'unregistered', 'consumer'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];

export interface Client {
  id: number;
  accountId: number;
  name: string;
  /** 10 digits for Indian numbers; `+<digits>` for an international number. */
  phone: string;
  countryCode: string;
  email: string;
  address: string | null;
  gstin: string | null;
  stateCode: string | null;
  /** The client gets no payment reminders (absent: false). */
  remindersOptOut?: boolean;
  /**
   * GST registration type (docs/gst-exports.md, "Registration type"): composition dealers and UIN holders are told apart
   * in GSTR-3B 3.2; null: not given (regular with a GSTIN, unregistered without).
   */
  registrationType?: RegistrationType | null;
  createdAt: string;
  updatedAt: string;
}

export type ClientFields = Omit<Client, 'id' | 'accountId' | 'createdAt' | 'updatedAt'>;

/** What the platform badge says about a client: whether it is itself a business on the service. */
export interface PlatformInfo {
  usesPlatform: boolean;
  logoUrl: string | null;
  subscriptionActive: boolean;
}

export interface ClientWithPlatform {
  client: Client;
  platform: PlatformInfo;
}
