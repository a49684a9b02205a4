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
  func fare(_ card: MetroCard) -> Money { quote(card)?.amount ?? .zero }

  /// The fare of the next ride in the card's mode and where it comes from; `nil` when it has none.
  func quote(_ card: MetroCard) -> FareQuote? { card.fare(at: now, in: timeZone) }

  /// `floor(balance / fare)` for the next ride.
  func ridesLeft(_ card: MetroCard) -> Int { card.remainingRides(at: now, in: timeZone) }
}

extension Context {
  /// The moment this command renders at.
  var moment: Moment { Moment(now: clock.now(), timeZone: environment.timeZone) }
}
