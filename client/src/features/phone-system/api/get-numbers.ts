import { NumberDetailResponse, NumbersResponse } from "@common/phone-system";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { GRASSHOPPER_URL, numberUrl } from "./keys";

/** GET /api/grasshopper/numbers: {success, numbers}; success true means Connected. */
export const numbersQueryOptions = queryOptions({
  queryKey: [GRASSHOPPER_URL, "numbers"],
  queryFn: () => getParsed(NumbersResponse, `${GRASSHOPPER_URL}/numbers`),
});

export const useNumbers = () => useQuery(numbersQueryOptions);

/** GET /api/grasshopper/numbers/:id: greeting, hours, after hours, extensions, routing applied. */
export const numberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [GRASSHOPPER_URL, "numbers", id],
    queryFn: async () => (await getParsed(NumberDetailResponse, numberUrl(id))).number,
  });

/** Asks nothing while no number is open (an empty id would be a request the server refuses). */
export const useNumber = (id: string | null) =>
  useQuery({ ...numberQueryOptions(id ?? ""), enabled: Boolean(id) });
