import FoundationEssentials

extension DeviceLogStore {
  /// Every period of every live card charged more than its cap, from the
  /// cards' whole ride histories in the merged order (`verify` walks; the
  /// hot path never does). `fold` is every log folded from the start;
  /// `streamed` gives a card's periods when `verify`'s read found them
  /// (``StreamedOverruns``), `nil` when its rides are to be walked here.
  func capOverruns(
    of fold: StoreFold, legacy: LegacyStore?, streamed: (FoldCard) -> [CapOverrun]? = { _ in nil }
  ) throws(MetroError) -> [CardCapOverrun] {
    let view = View(fold: fold, device: nil, legacy: legacy)
    var found: [CardCapOverrun] = []
    for (entry, name) in fold.liveCards() {
      let card = entry.card
      let zone = card.rulesZone(timeZone)
      var overruns = streamed(entry)
      if overruns == nil {
        let rules = { card.rules(at: $0, in: self.timeZone) }
        var search = OverrunSearch()
        let history = DeviceHistory(store: self, view: view, card: entry)
        for (ride, _) in try history.ridesInMergedOrder() { search.add(ride, rules: rules, timeZone: zone) }
        overruns = search.found
      }
      found += (overruns ?? []).map {
        CardCapOverrun(
          card: name, currency: card.currency, timeZone: card.rulesZone(timeZone),
          period: card.period(of: $0, in: timeZone) ?? .rolling(days: 7), overrun: $0)
      }
    }
    return found
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

extension StoreFold {
  /// Keeps the periods of a card's standing that its latest ride, folded in
  /// order, left over their cap (no history: four slots at most).
  static func noteOverruns(of entry: inout FoldCard, timeZone: LocalTimeZone) {
    let card = entry.card
    entry.card.noteOverruns(FareEngine.overruns(in: card.fareState) { card.rules(at: $0, in: timeZone) })
  }
}
