import type { Contact } from "@common/contacts";
import { cleanPhoneNumber } from "@common/telephony";

/** The number a tel: link dials: E.164 when the server could read it, else the digits as typed. */
export function dialNumber(contact: Pick<Contact, "phoneNumber" | "phoneE164">): string | null {
  if (contact.phoneE164) return contact.phoneE164;
  const typed = cleanPhoneNumber(contact.phoneNumber ?? "");
  return typed.replace(/\D/g, "") ? typed : null;
}
