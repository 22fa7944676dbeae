// Which personal access tokens are valid, and the two exact 401 bodies of the spec.

export const DEMO_TOKEN = 'demo-token-2048-7f3a9c1e5b8d';

export const NO_TOKEN_MESSAGE = 'No authorization token was found';
export const INVALID_TOKEN_MESSAGE = 'Invalid authorization token';

export class TokenBook {
  private readonly issued = new Set<string>();
  private readonly revoked = new Set<string>();

  constructor(readonly demoToken: string) {}

  issue(token: string): void {
    this.issued.add(token);
    this.revoked.delete(token);
  }

  revoke(token: string): void {
    this.revoked.add(token);
  }

  issuedCount(): number {
    return this.issued.size;
  }

  reset(): void {
    this.issued.clear();
    this.revoked.clear();
  }

  isValid(token: string): boolean {
    return (token === this.demoToken || this.issued.has(token)) && !this.revoked.has(token);
  }

  /**
   * The 401 message for this Authorization header, or undefined when it carries a valid token.
   * A header that is present but empty, of another scheme, or with a wrong token is "invalid";
   * only a missing header is "not found". The scheme name is case-insensitive (RFC 9110).
   */
  failureFor(header: string | undefined): string | undefined {
    if (header === undefined) return NO_TOKEN_MESSAGE;
    const match = /^bearer ([^ ]+)$/i.exec(header);
    return match && this.isValid(match[1]) ? undefined : INVALID_TOKEN_MESSAGE;
  }
}
