import FoundationEssentials

extension AgencyFormat {
  /// The trips as updates to import into `card`: each ride a swipe charged
  /// what the file says (never re-priced), in the file's mode or else the
  /// card's. Each credit is a reload, and money that is not one ride (a
  /// day's charges, a refund) an adjustment; a row that moves no money is
  /// not an update (``noMoneyRows(_:)`` counts them).
  ///
  /// A ride's fare and reason:
  ///
  /// - OMNY: its fare the card's full fare for that mode and day (the
  ///   charge when the card has none or it is less), its reason from the
  ///   file or, when the file gives none, from the charge against that fare
  ///   (all of it: `paid`, part: `partial`, nothing: `capped`).
  /// - TfL, whose fare depends on zones, time and mode, which the file knows
  ///   and the card does not, as ``londonCharge(_:mode:reason:fullFare:)`` says.
  /// - PRESTO: its fare its charge, `paid`; a free ride the file's rows make
  ///   a `transfer` or `capped` (``PRESTOUsageReport``) saves the card's fare
  ///   of its mode, which is then its fare.
  package func updates(
    _ trips: [AgencyTrip], for card: MetroCard, timeZone: LocalTimeZone
  ) -> [ImportedUpdate] {
    trips.compactMap { trip in
      guard var update = update(trip, for: card, timeZone: timeZone) else { return nil }
      update.timeColumn = timeColumn
      return update
    }
  }

  /// How many of `trips` move no money: what an import's summary counts as not recorded.
  package static func noMoneyRows(_ trips: [AgencyTrip]) -> Int {
    trips.reduce(0) { $1.action == .noMoney ? $0 + 1 : $0 }
  }

  /// The column a row's time is read from, for error messages.
  var timeColumn: String {
    switch self {
    case .tfl: TfLHistory.date
    case .omny, .path: OMNYHistory.tripTime
    case .smartrip: SmarTripHistory.time
    case .presto: PRESTOUsageReport.date
    }
  }

  /// One trip as an update to import (``updates(_:for:timeZone:)``).
  private func update(_ trip: AgencyTrip, for card: MetroCard, timeZone: LocalTimeZone) -> ImportedUpdate? {
    switch trip.action {
    case .noMoney:
      return nil
    case .reload(let amount):
      return ImportedUpdate(id: trip.id, type: .reload, amount: amount, timestamp: trip.time, line: trip.line)
    case .adjustment(let amount):
      return ImportedUpdate(id: trip.id, type: .adjustment, amount: amount, timestamp: trip.time, line: trip.line)
    case .ride(let charge, let mode, let said):
      let mode = mode ?? card.mode
      let full = card.rules(at: trip.time, in: timeZone).fare(for: mode)?.amount
      let (fare, reason): (Money, RideReason)
      switch self {
      case .tfl:
        (fare, reason) = Self.londonCharge(charge, mode: mode, reason: said, fullFare: full)
      case .smartrip:
        // As the file charged it (decision 98): a ride paid in full is its own fare (Metrorail's
        // depends on the stations); a transfer or a ride on a pass is part of the card's fare.
        reason = said ?? (charge == .zero ? .transfer : .paid)
        fare = reason == .paid ? charge : full.map { max($0, charge) } ?? charge
      case .omny, .path:
        fare = full.map { max($0, charge) } ?? charge
        // A ride the file calls capped that still cost something is the one that reached the cap.
        let given = said == .capped && charge > .zero ? (charge < fare ? .partial : .paid) : said
        reason =
          given ?? (charge == fare ? (charge == .zero ? .capped : .paid) : charge == .zero ? .capped : .partial)
      case .presto:
        // PRESTO's free rides save the card's TTC fare; every other ride's fare is its charge.
        let ttcFare = card.rules(at: trip.time, in: timeZone).fare(for: card.mode)?.amount
        if let said, said == .transfer || said == .capped {
          (fare, reason) = (max(ttcFare ?? charge, charge), said)
        } else {
          (fare, reason) = (charge, .paid)
        }
      }
      return ImportedUpdate(
        id: trip.id, type: .swipe, amount: -charge, timestamp: trip.time, fare: fare, mode: mode, reason: reason,
        line: trip.line)
    }
  }

  /// A TfL journey's fare and reason, from what the file charged and says:
  ///
  /// - a ride no cap counts (`uncapped`: a river boat, a ticket bought) is
  ///   `paid`, its fare its charge;
  /// - an incomplete journey charged a maximum fare is `maximumFare`, its
  ///   fare its charge;
  /// - a journey the file calls capped (its note, or `Capped` `Y`) is
  ///   `partial` when it still cost something (`paid` when the card knows no
  ///   higher fare for it), `capped` when it cost nothing;
  /// - a £0.00 bus journey the file does not call capped is a Hopper `transfer`;
  /// - any other £0.00 journey is `capped`;
  /// - any other journey is `paid`, its fare what it was charged.
  ///
  /// The fare of a `partial`, `capped` or `transfer` journey, which the file
  /// does not give, is the card's fare of its mode (£1.75 on a bus; a tube
  /// fare only when set by hand), never less than the charge, or else the
  /// charge: what "Saved" counts the cap saved.
  static func londonCharge(_ charge: Money, mode: TravelMode, reason: RideReason?, fullFare: Money?) -> (
    fare: Money, reason: RideReason
  ) {
    let full = max(fullFare ?? charge, charge)
    if mode == .uncapped { return (charge, .paid) }
    if reason == .maximumFare { return (charge, .maximumFare) }
    if reason == .capped, charge > .zero {
      // Part of a fare the card does not know to be higher is, as far as it knows, the fare.
      return full > charge ? (full, .partial) : (charge, .paid)
    }
    if reason == .capped { return (full, .capped) }
    guard charge == .zero else { return (charge, .paid) }
    return (full, mode == .bus ? .transfer : .capped)
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
