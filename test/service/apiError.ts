// A failure a route answers with: the status and the `error` text of the JSON body.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function notFound(message: string): ApiError {
  return new ApiError(404, message);
}

export function badRequest(message: string): ApiError {
  return new ApiError(400, message);
}
