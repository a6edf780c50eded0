// Which of the user's companies a socket streams: what its open message's userPri asked for, kept across account changes.
import type { UserPriEntry } from '../../src/domain/wire/entities';

/**
 * The console forwards the whole list GET /userPri gave at login, which names every company the user then had: that
 * asks for "all of mine", so a company granted later (or a superMan role) reaches the socket too. An empty list asks
 * the same. A list naming fewer narrows for good: a grant never adds a company the client left out.
 */
export class CompanyScope {
  private constructor(private readonly only: ReadonlySet<string> | undefined) {}

  static of(allowed: readonly string[], userPri: readonly UserPriEntry[]): CompanyScope {
    const requested = new Set(userPri.map((entry) => entry.key));
    const all = requested.size === 0 || allowed.every((code) => requested.has(code));
    return new CompanyScope(all ? undefined : requested);
  }

  /** The companies to stream while the user may see `allowed` (userPri can only narrow). */
  companies(allowed: readonly string[]): string[] {
    const { only } = this;
    return only ? allowed.filter((code) => only.has(code)) : [...allowed];
  }
}
