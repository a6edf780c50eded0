// Our login challenge (docs/api.md, Sessions and passwords): after repeated failures the server asks for the answer
// to a picture it drew itself, and the console shows that picture in place of its own drawn code.
/** The resultCode of a login refused for a missing, wrong or expired challenge answer (HTTP's 428 Precondition Required). */
export const CHALLENGE_REQUIRED = 428;

/** What `GET /captcha` answers: the challenge's id for the login to name, and its picture. */
export interface LoginChallenge {
  /** Opaque; sent back as the login's `captchaId`. */
  readonly id: string;
  /** A data: URL of a PNG picture of the characters to type. */
  readonly image: string;
  /** How many characters the answer has. */
  readonly length: number;
}

/** The login's extra fields that answer a challenge; the spec's login has neither. */
export interface LoginChallengeAnswer {
  readonly captchaId: string;
  readonly captcha: string;
}
