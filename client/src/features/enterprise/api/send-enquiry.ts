import { EnquiryCreated, type EnterpriseEnquiryRequest } from "@common/enterprise";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";

/** POST /api/enterprise/enquiries: the contact-sales form, stored for the platform administrator. */
export const sendEnquiry = (body: EnterpriseEnquiryRequest) =>
  requestParsed(EnquiryCreated, "POST", "/api/enterprise/enquiries", body);

export const useSendEnquiry = () => useMutation({ mutationFn: sendEnquiry });
