/** An error the API answers with its own status and message; anything else is a 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, issues?: { path: string; message: string }[]) =>
  new HttpError(400, message, issues);
export const unauthorized = (message = "Please sign in to continue") => new HttpError(401, message);
export const paymentRequired = (message: string) => new HttpError(402, message);
export const forbidden = (message = "You do not have permission to do that") => new HttpError(403, message);
export const notFound = (what = "That item") => new HttpError(404, `${what} was not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const tooMany = (message: string) => new HttpError(429, message);
