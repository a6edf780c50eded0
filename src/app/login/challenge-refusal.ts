// Why the server would not issue its login challenge, in its own words (docs/api.md, Sessions and passwords).

/** The server refused a new picture (too many for this address within a minute): `message` is shown as it is. */
export class ChallengeRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChallengeRefusal';
  }
}
