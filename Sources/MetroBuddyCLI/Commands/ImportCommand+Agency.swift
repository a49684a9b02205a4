import MetroKit

extension ImportCommand.Format {
  /// The agency whose trip history this format reads, if any.
  var agency: AgencyFormat? {
    switch self {
    case .json, .csv: nil
    case .tfl: .tfl
    case .omny: .omny
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
    if noMoney > 0 { text += context.text(.noMoneyRows(noMoney)) + "\n" }
    let rides = result.recorded.filter { $0.type == .swipe }.count
    if !differences.isEmpty || rides > 0 {
      text += Self.differencesText(differences, rides: rides, currency: after.currency, context: context)
      text += Self.capsNotCheckedText(audit.zoneCheck, card: after, context: context)
    }
    guard case .object(let members) = JSONRenderer.change(card: after, recorded: result.recorded, at: context.moment)
    else { return CommandOutput(text: text, json: .null) }
    return CommandOutput(
      text: text,
      json: .object(
        members + [("fareDifferences", Self.differencesJSON(differences, currency: after.currency))]))
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

  /// The line before the differences: how many there are, or that the rules agree.
  static func differencesHeading(count: Int, rides: Int, context: Context) -> String {
    context.text(count == 0 ? .faresAgree(rides: rides) : .fareDifferences(count: count)) + "\n"
  }

  /// One ride the rules would charge differently, as a line of its own.
  static func differenceLine(_ difference: FareDifference, currency: Currency, context: Context) -> String {
    let (day, second) = context.environment.timeZone.localTime(of: difference.ride.time)
    let time =
      context.text.date(day) + " " + Localizer.twoDigits(second / 3600) + ":" + Localizer.twoDigits(second / 60 % 60)
    return "  "
      + context.text(
        .fareDifference(
          time: time, mode: difference.ride.mode, charged: context.money(difference.ride.charge, currency),
          expected: context.money(difference.expected.charge, currency), reason: difference.expected.reason)) + "\n"
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
