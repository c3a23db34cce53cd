import { TelephonyState } from "@common/telephony";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** A number of the account's carriers that can become a business number. */
export type CarrierNumber = { number: string; label: string };

/**
 * GET /api/telephony (the state the settings screen's Phone service shows): the account's
 * simulator number and its Twilio number, the only numbers the server accepts as business numbers.
 */
export const carrierNumbersQueryOptions = queryOptions({
  queryKey: ["/api/telephony"],
  queryFn: () => getParsed(TelephonyState, "/api/telephony"),
  select: (state): { numbers: CarrierNumber[]; cellphone: string | null } => ({
    numbers: [
      ...(state.twilio?.phoneNumber
        ? [{ number: state.twilio.phoneNumber, label: `${state.twilio.phoneNumber} (your Twilio number)` }]
        : []),
      { number: state.simulatorNumber, label: `${state.simulatorNumber} (your simulator number)` },
    ],
    cellphone: state.cellphoneNumber,
  }),
});

export const useCarrierNumbers = (enabled = true) => useQuery({ ...carrierNumbersQueryOptions, enabled });
