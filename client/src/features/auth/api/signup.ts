import { SignupNotCompleted, type SignupRequest } from "@common/auth";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { requestParsed } from "../../../lib/api";
import { SignedIn } from "../../../lib/auth/current-user";
import { useSetSignedInUser } from "../../../lib/auth/session";

/** 201 signs the new account in; 202 created nothing and signed nobody in (the form shows why). */
const SignupAnswer = z.union([SignedIn, SignupNotCompleted]);
export type SignupAnswer = z.infer<typeof SignupAnswer>;

/** POST /api/auth/signup. */
export function signup(body: SignupRequest): Promise<SignupAnswer> {
  return requestParsed(SignupAnswer, "POST", "/api/auth/signup", body);
}

export function useSignup() {
  const setUser = useSetSignedInUser();
  return useMutation({
    mutationFn: signup,
    onSuccess: async (answer) => {
      if ("user" in answer) await setUser(answer.user);
    },
  });
}
