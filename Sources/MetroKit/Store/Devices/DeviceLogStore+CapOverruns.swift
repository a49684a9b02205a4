import FoundationEssentials

extension DeviceLogStore {
  /// Every period of every live card charged more than its cap, as
  /// `meaning` says the cards' rides are (`verify`; the hot path never
  /// walks them).
  func capOverruns(in meaning: LogMeaning.State) -> [CardCapOverrun] {
    meaning.cards.flatMap { meant in
      let card = meant.card
      return meant.overruns.map {
        CardCapOverrun(
          card: card.name, currency: card.currency, timeZone: card.rulesZone(timeZone),
          period: card.period(of: $0, in: timeZone) ?? .rolling(days: 7), overrun: $0)
      }
    }
  }
}

/// A card's cap period charged more than its cap, as `verify` reports it.
public struct CardCapOverrun: Sendable, Equatable {
  /// The card, by the name it is shown by.
  public var card: String
  /// Its currency.
  public var currency: Currency
  /// The zone its rules read (the agency's): the period's dates are read in it.
  public var timeZone: LocalTimeZone
  /// How long its cap's periods last.
  public var period: CapPeriod
  /// The period.
  public var overrun: CapOverrun
}
