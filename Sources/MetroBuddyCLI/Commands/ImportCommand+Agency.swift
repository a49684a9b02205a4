import MetroKit

extension ImportCommand.Format {
  /// The agency whose trip history this format reads, if any.
  var agency: AgencyFormat? {
    switch self {
    case .json, .csv: nil
    case .tfl: .tfl
    case .omny: .omny
    case .smartrip: .smartrip
    case .path: .path
    case .presto: .presto
    }
  }
}

extension ImportCommand {
  /// Imports an agency's trip history: charges from the file (never
  /// re-priced), then every imported ride the fare rules would charge
  /// differently, listed after the summary.
  /// `read` is the file when it was read already (to find its format from its header).
  func importHistory(_ agency: AgencyFormat, bytes read: [UInt8]?, in context: Context, progress: Progress)
    throws(MetroError) -> CommandOutput
  {
    let source = path == "-" ? "standard input" : path
    let bytes: [UInt8]
    if let read {
      bytes = read
    } else if let unzipped {
      bytes = unzipped
    } else {
      bytes = path == "-" ? try ImportedFile.wholeStandardInput(context.environment) : try Self.read(path)
    }
    try Self.checkSize(bytes.count, source: source)
    progress.report(context.text(.importReading(source)))
    let card = try context.selectedCard()
    // The file's local times, and the rules, are read in the card's zone, never the machine's.
    let timeZone = agency.zone(for: card.snapshot)
    let trips = try AgencyFormat.trips(bytes, format: agency, timeZone: timeZone, source: source)
    guard card.currency == agency.currency else {
      throw .importMalformed(
        source: source, line: 0, column: nil, problem: .historyCurrency(file: agency.currency, card: card.currency))
    }
    let updates = agency.updates(trips, for: card.snapshot, timeZone: timeZone)
    // Into a card with no history, the oldest balance the file gives opens it (the store
    // takes attributes only then), so that the card ends at the file's newest balance.
    let attributes = AgencyFormat.openingBalance(of: trips).map {
      ImportedCardAttributes(
        openingBalance: $0, kind: card.kind, isReduced: card.isReduced, mode: card.mode, fareByHand: card.fareByHand,
        customRules: card.customRules, expirationDate: card.expirationDate, serialNumber: card.serialNumber,
        londonZones: card.londonZones)
    }
    progress.report(context.text(.importSaving(updates.count)))
    let result: ImportResult
    do {
      result = try context.store.importUpdates(updates, attributes: attributes, to: card)
    } catch {
      guard case .importMalformed(_, let line, let column, let problem) = error else { throw error }
      throw .importMalformed(source: source, line: line, column: column, problem: problem)
    }
    progress.finish()
    let after = result.card.snapshot
    // The whole history counts toward caps and transfers; only the rows
    // recorded now are reported, so what is held is bounded by the file.
    let audit = try FareAudit.report(
      context.store.rides(ofCardNamed: after.name), timeZone: timeZone, only: Set(result.recorded.map(\.id)))
    let differences = audit.differences
    var text =
      Self.importedText(count: result.imported, skipped: result.skipped, card: after, context: context) + "\n"
    let noMoney = AgencyFormat.noMoneyRows(trips)
    if noMoney > 0 {
      let message: FareMessage =
        switch agency {
        case .tfl: .noMoneyRows(noMoney)
        case .presto: .passLoadsNotRecorded(noMoney)
        case .path: .tripPackRidesNotRecorded(noMoney)
        case .omny, .smartrip: .passRowsNotRecorded(noMoney)
        }
      text += context.text(message) + "\n"
    }
    // The rides a custom card's rules cannot check are said after the others (decision 98).
    let rides = result.recorded.filter { $0.type == .swipe }.count - audit.faresNotChecked
    if !differences.isEmpty || rides > 0 {
      text += Self.differencesText(differences, rides: rides, currency: after.currency, context: context)
    }
    if !differences.isEmpty || rides + audit.faresNotChecked > 0 {
      text += Self.capsNotCheckedText(audit.zoneCheck, card: after, context: context)
      text += Self.faresNotCheckedText(audit, context: context)
    }
    text += Self.possibleRefundsText(audit, currency: after.currency, context: context)
    guard case .object(let members) = JSONRenderer.change(card: after, recorded: result.recorded, at: context.moment)
    else { return CommandOutput(text: text, json: .null) }
    return CommandOutput(
      text: text,
      json: .object(
        members + [
          ("fareDifferences", Self.differencesJSON(differences, currency: after.currency)),
          ("rowsNotRecorded", .integer(Int64(noMoney))),
          ("capsNotChecked", Self.capsNotCheckedJSON(audit.zoneCheck)),
          ("possibleRefunds", .array(audit.possibleRefunds.map { Self.refundJSON($0, currency: after.currency) })),
        ]))
  }

  /// The lines after the differences when rides were charged a maximum
  /// fare (decision 100): how many and what they cost, then each, as a
  /// possible refund to claim from TfL; empty when there are none.
  static func possibleRefundsText(_ report: FareAuditReport, currency: Currency, context: Context) -> String {
    guard report.refundCount > 0 else { return "" }
    return report.possibleRefunds.reduce(
      context.text(
        .possibleRefunds(count: report.refundCount, total: context.money(report.refundTotal, currency))) + "\n"
    ) {
      $0 + "  "
        + context.text(
          .possibleRefund(
            time: rideTime($1, context: context), mode: $1.mode, charged: context.money($1.charge, currency))) + "\n"
    }
  }

  /// `capsNotChecked` in JSON: the travel days and weeks of a London card
  /// not checked against the cap of its zones; `null` for any other card.
  static func capsNotCheckedJSON(_ check: ZoneCheck?) -> JSONValue {
    guard let check else { return .null }
    return .object([
      ("days", .integer(Int64(check.uncheckedDays))), ("weeks", .integer(Int64(check.uncheckedWeeks))),
    ])
  }

  /// One element of `possibleRefunds`: the ride's id, time, mode and what it was charged.
  static func refundJSON(_ ride: RecordedRide, currency: Currency) -> JSONValue {
    .object([
      ("id", .string(ride.id.canonicalString)), ("timestamp", .string(Timestamp.iso8601(ride.time))),
      ("mode", .string(ride.mode.rawValue)), ("charged", .string(ride.charge.plainString(in: currency))),
    ])
  }

  /// The summary line of an import: the balance and rides left, or for a
  /// card that holds no money (contactless) where it stands under its cap
  /// and the month's spend, never "no rides left".
  static func importedText(count: Int, skipped: Int, card: MetroCard, context: Context) -> String {
    guard card.kind.holdsValue else {
      return context.text(
        .importedSpend(count: count, card: card.name, skipped: skipped, standing: CardText.standing(card, context)))
    }
    return context.text(
      .imported(
        count: count, card: card.name, skipped: skipped, balance: context.money(card.balance, card.currency),
        rides: context.moment.ridesLeft(card)))
  }

  /// The rides the rules would charge differently, or that they all agree.
  static func differencesText(
    _ differences: [FareDifference], rides: Int, currency: Currency, context: Context
  ) -> String {
    differences.reduce(differencesHeading(count: differences.count, rides: rides, context: context)) {
      $0 + differenceLine($1, currency: currency, context: context)
    }
  }

  /// The line after the differences of a London card: the travel days and
  /// weeks not checked against the cap of its zones, and why; empty when
  /// every one was checked.
  static func capsNotCheckedText(_ check: ZoneCheck?, card: MetroCard, context: Context) -> String {
    guard let check, check.uncheckedDays + check.uncheckedWeeks > 0 else { return "" }
    return context.text(
      .capsNotChecked(
        days: check.uncheckedDays, weeks: check.uncheckedWeeks,
        zones: check.zonesUnknown ? nil : card.londonZones?.text)) + "\n"
  }

  /// The line after the differences of a custom card: the rides whose
  /// charges its rules cannot know, not checked (decision 98); empty when there are none.
  static func faresNotCheckedText(_ report: FareAuditReport, context: Context) -> String {
    report.faresNotChecked == 0 ? "" : context.text(.faresNotChecked(report.faresNotChecked)) + "\n"
  }

  /// The line before the differences: how many there are, or that the rules agree.
  static func differencesHeading(count: Int, rides: Int, context: Context) -> String {
    context.text(count == 0 ? .faresAgree(rides: rides) : .fareDifferences(count: count)) + "\n"
  }

  /// One ride the rules would charge differently, as a line of its own.
  static func differenceLine(_ difference: FareDifference, currency: Currency, context: Context) -> String {
    "  "
      + context.text(
        .fareDifference(
          time: rideTime(difference.ride, context: context), mode: difference.ride.mode,
          charged: context.money(difference.ride.charge, currency),
          expected: context.money(difference.expected.charge, currency), reason: difference.expected.reason)) + "\n"
  }

  /// A ride's local date and time as a line of the fare check shows it.
  static func rideTime(_ ride: RecordedRide, context: Context) -> String {
    let (day, second) = context.environment.timeZone.localTime(of: ride.time)
    return context.text.date(day) + " " + Localizer.twoDigits(second / 3600) + ":"
      + Localizer.twoDigits(second / 60 % 60)
  }

  /// `fareDifferences` in JSON: each ride's id, time, mode, recorded charge
  /// and reason, and what the rules charge and why.
  static func differencesJSON(_ differences: [FareDifference], currency: Currency) -> JSONValue {
    .array(differences.map { differenceJSON($0, currency: currency) })
  }

  /// One element of `fareDifferences`.
  static func differenceJSON(_ difference: FareDifference, currency: Currency) -> JSONValue {
    .object([
      ("id", .string(difference.ride.id.canonicalString)),
      ("timestamp", .string(Timestamp.iso8601(difference.ride.time))),
      ("mode", .string(difference.ride.mode.rawValue)),
      ("charged", .string(difference.ride.charge.plainString(in: currency))),
      ("reason", .string(difference.ride.reason.rawValue)),
      ("expected", .string(difference.expected.charge.plainString(in: currency))),
      ("expectedReason", .string(difference.expected.reason.rawValue)),
    ])
  }
}
