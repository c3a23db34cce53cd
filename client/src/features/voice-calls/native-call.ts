import {
  cleanPhoneNumber,
  EMERGENCY_NUMBER,
  type NativeCallRequest,
  type NativeCallResult,
  nativeCallMessages,
} from "@common/telephony";
import { followTelLink } from "../../lib/tel-link";

/** How the page hands a number to the dialler; replaceable in tests. */
export type Navigator = { follow(href: string): void; open(href: string): void };

const browser: Navigator = {
  follow: followTelLink,
  open(href) {
    window.open(href, "_self");
  },
};

function dial(href: string, navigate: Navigator): void {
  try {
    navigate.follow(href);
  } catch {
    // If following the link fails, open it in the same window instead.
    navigate.open(href);
  }
}

/** A tel: link with the cleaned number, and the native call result. */
export function nativeCall(request: NativeCallRequest, navigate: Navigator = browser): NativeCallResult {
  const callId = `native-${Date.now()}`;
  const number = cleanPhoneNumber(request.phoneNumber);
  try {
    if (!number.replace(/\D/g, "")) throw new Error("No phone number");
    dial(`tel:${number}`, navigate);
    return { success: true, message: nativeCallMessages.success(number), callId };
  } catch (error) {
    return { success: false, message: nativeCallMessages.failure((error as Error)?.message), callId };
  }
}

export function emergencyCall(navigate: Navigator = browser): NativeCallResult {
  const callId = `emergency-${Date.now()}`;
  try {
    dial(`tel:${EMERGENCY_NUMBER}`, navigate);
    return { success: true, message: nativeCallMessages.emergencySuccess, callId };
  } catch {
    return { success: false, message: nativeCallMessages.emergencyFailure, callId };
  }
}
