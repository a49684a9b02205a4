import FoundationEssentials

extension AgencyFormat {
  /// The trips as updates to import into `card`: each ride a swipe charged
  /// what the file says (never re-priced), in the file's mode or else the
  /// card's, its fare the card's full fare for that mode and day (the charge
  /// when the card has none), and its reason from the file or, when the
  /// file gives none, from the charge against that fare (all of it: `paid`,
  /// part: `partial`, nothing: `capped`). Each credit is a reload, and money
  /// that is not one ride (a day's charges, a refund) an adjustment.
  package func updates(
    _ trips: [AgencyTrip], for card: MetroCard, timeZone: LocalTimeZone
  ) -> [ImportedUpdate] {
    trips.map { trip in
      var update = Self.update(trip, for: card, timeZone: timeZone)
      update.timeColumn = timeColumn
      return update
    }
  }

  /// The column a row's time is read from, for error messages.
  var timeColumn: String {
    switch self {
    case .tfl: TfLHistory.date
    case .omny: OMNYHistory.tripTime
    }
  }

  /// One trip as an update to import (``updates(_:for:timeZone:)``).
  private static func update(_ trip: AgencyTrip, for card: MetroCard, timeZone: LocalTimeZone) -> ImportedUpdate {
    switch trip.action {
    case .reload(let amount):
      return ImportedUpdate(id: trip.id, type: .reload, amount: amount, timestamp: trip.time, line: trip.line)
    case .adjustment(let amount):
      return ImportedUpdate(id: trip.id, type: .adjustment, amount: amount, timestamp: trip.time, line: trip.line)
    case .ride(let charge, let mode, let reason):
      let mode = mode ?? card.mode
      let full = card.rules(at: trip.time, in: timeZone).fare(for: mode)?.amount
      let fare = full.map { max($0, charge) } ?? charge
      // A ride the file calls capped that still cost something is the one that reached the cap.
      let given = reason == .capped && charge > .zero ? (charge < fare ? .partial : .paid) : reason
      let reason =
        given ?? (charge == fare ? (charge == .zero ? .capped : .paid) : charge == .zero ? .capped : .partial)
      return ImportedUpdate(
        id: trip.id, type: .swipe, amount: -charge, timestamp: trip.time, fare: fare, mode: mode, reason: reason,
        line: trip.line)
    }
  }

  /// What a card with no history opens with so that it ends at the file's
  /// newest balance: the oldest row's balance before that row, from the
  /// files that give balances (TfL). `nil` when the file gives none.
  package static func openingBalance(of trips: [AgencyTrip]) -> Money? {
    guard let index = trips.firstIndex(where: { $0.balanceAfter != nil }), let after = trips[index].balanceAfter else {
      return nil
    }
    let change = trips[...index].reduce(Int64(0)) { $0 + $1.change.minorUnits }
    return Money(minorUnits: after.minorUnits - change)
  }
}
