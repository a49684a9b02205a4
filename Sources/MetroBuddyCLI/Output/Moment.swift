import FoundationEssentials
import MetroKit

/// The time a command renders at: a card's fare, rides left and cap
/// standing depend on the day.
struct Moment {
  /// The clock's time when the command ran.
  let now: Date
  /// The rider's time zone.
  let timeZone: LocalTimeZone

  /// The full fare of the next ride in the card's mode (zero when it has none).
  func fare(_ card: MetroCard) -> Money { card.fare(at: self.now, in: timeZone)?.amount ?? .zero }

  /// `floor(balance / fare)` for the next ride.
  func ridesLeft(_ card: MetroCard) -> Int { card.remainingRides(at: now, in: timeZone) }
}

extension Context {
  /// The moment this command renders at.
  var moment: Moment { Moment(now: clock.now(), timeZone: environment.timeZone) }
}
