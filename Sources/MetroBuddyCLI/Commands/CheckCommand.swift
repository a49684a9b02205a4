import MetroKit

/// `check [--min-rides N] [--min-balance AMOUNT] [--expires-within DAYS] [--export-within DAYS]`:
/// silent when every card is fine, one line per problem otherwise; for cron.
struct CheckCommand: Command {
  static let spec = CommandSpec(
    name: "check", abstract: .insights(.checkAbstract),
    discussion: .insights(.checkDiscussion),
    options: [minimumRides.spec, minimumBalance.spec, expiresWithin.spec, runsOutWithin.spec, exportWithin.spec],
    examples: ["metrobuddy check --min-rides 4 --expires-within 14", "metrobuddy check --runs-out-within 7"])

  /// `--min-rides N`.
  static let minimumRides = Option<Int>.wholeNumber(
    "min-rides", help: .insights(.checkMinRides), in: 0...100_000, default: 1, shownDefault: "1"
  ) { .wholeNumber($0) }
  /// `--min-balance AMOUNT`.
  static let minimumBalance = Option<Money?>.optionalAmount(
    "min-balance", help: .insights(.checkMinBalance), positive: false)
  /// `--expires-within DAYS`.
  static let expiresWithin = Option<Int>.wholeNumber(
    "expires-within", valueName: "days",
    help: .insights(.checkExpiresWithin),
    in: 0...36_500, default: 0
  ) { .wholeNumber($0) }.optional
  /// `--runs-out-within DAYS`.
  static let runsOutWithin = Option<Int>.wholeNumber(
    "runs-out-within", valueName: "days",
    help: .insights(.checkRunsOutWithin),
    in: 0...3_650, default: 0
  ) { .wholeNumber($0) }.optional
  /// `--export-within DAYS`: on by default, two weeks (decision 104).
  static let exportWithin = Option<Int>.wholeNumber(
    "export-within", valueName: "days", help: .insights(.checkExportWithin),
    in: 0...3_650, default: 14, shownDefault: "14"
  ) { .wholeNumber($0) }

  var minimumRides: Int
  var minimumBalance: Money?
  var expiresWithin: Int?
  var runsOutWithin: Int?
  var exportWithin: Int

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
    minimumRides = try parsed[Self.minimumRides]
    minimumBalance = try parsed[Self.minimumBalance]
    expiresWithin = try parsed[Self.expiresWithin]
    runsOutWithin = try parsed[Self.runsOutWithin]
    exportWithin = try parsed[Self.exportWithin]
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let cards = context.options.cardName == nil ? try context.store.allCards() : [try context.selectedCard()]
    var lines: [String] = []
    var problems: [JSONValue] = []
    for reference in cards {
      let card = reference.snapshot
      var found: [(String, String)] = []
      if let date = card.expirationDate {
        let days = context.today.days(until: date)
        if days < 0 {
          found.append(("expired", context.text(.checkExpired(date: context.text.date(date)))))
        } else if let expiresWithin, days <= expiresWithin {
          found.append(("expiring", context.text(.checkExpiresSoon(date: context.text.date(date), days: days))))
        }
      }
      // A card that holds no money (contactless) has no rides or balance to run out of,
      // and one with no fare in its mode (a London card with no tube fare set) no rides to count.
      if card.kind.holdsValue, context.moment.quote(card) != nil, context.moment.ridesLeft(card) < minimumRides {
        found.append(
          (
            "rides",
            context.text(
              .checkFewRides(
                rides: context.moment.ridesLeft(card), balance: context.money(card.balance, card.currency),
                fare: context.money(context.moment.fare(card), card.currency)))
          ))
      }
      if card.kind.holdsValue, card.balance < .zero {
        let cause = try CardText.belowZeroCause(reference, context) ?? .devicesApart
        found.append(("negative", context.text(.belowZero(context.money(-card.balance, card.currency), cause))))
      }
      if let minimumBalance, card.kind.holdsValue, card.balance < minimumBalance {
        found.append(
          (
            "balance",
            context.text(
              .checkBalanceBelow(
                balance: context.money(card.balance, card.currency),
                minimum: context.money(minimumBalance, card.currency)))
          ))
      }
      if let runsOutWithin, card.kind.holdsValue, let (forecast, day) = runOut(card, context: context),
        context.today.days(until: day) <= runsOutWithin
      {
        let days = max(0, context.today.days(until: day))
        found.append(
          (
            "runs-out",
            context.text(
              .checkRunsOut(
                tenths: forecast, days: days, day: context.text.weekdayDate(day, today: context.today)))
          ))
      }
      for (kind, text) in found {
        lines.append("\(card.name): \(text)")
        problems.append(machineProblem(kind, card, today: context.today, context: context))
      }
      if let reminder = try exportReminder(card, context: context) {
        lines.append("\(card.name): " + exportSentence(reminder, card, context: context))
        problems.append(exportProblem(reminder, card, context: context))
      }
      // A period imported charges took over its cap, lately: kept by the fold, no history.
      let zone = card.rulesZone(context.moment.timeZone)
      for overrun in card.capOverrunsToReport(at: context.moment.now) {
        let period = card.period(of: overrun, in: context.moment.timeZone) ?? .rolling(days: 7)
        lines.append("\(card.name): " + CapOverrunText.sentence(overrun, period, card.currency, zone, context))
        problems.append(
          .object(
            [("card", .string(card.name)), ("problem", .string("over-cap"))]
              + CapOverrunText.members(overrun, card.currency)))
      }
    }
    // A log that lost records (this device's own, or another device's):
    // the cards above may be missing what it held.
    for finding in context.verifying?.takeWarnings() ?? [] {
      lines.append(context.text(.storeWarning(path: finding.path, problem: finding.problem)))
      problems.append(
        .object([
          ("problem", .string(finding.problem.code)), ("path", .string(finding.path)),
        ]))
    }
    let text = lines.map { $0 + "\n" }.joined()
    return CommandOutput(text: text, json: .array(problems), exitCode: lines.isEmpty ? .success : .refused)
  }

  /// The card's reminder to import its agency history again, when the day
  /// is within `--export-within` days or past. Only a card whose kind has a
  /// known window has its history read: for the others `check` reads
  /// snapshots only.
  func exportReminder(_ card: MetroCard, context: Context) throws(MetroError) -> ExportReminder? {
    guard AgencyHistory.online(for: card.kind) != nil,
      let reminder = ExportReminder(try context.store.cardHistory(named: card.name), machine: context.moment.timeZone),
      reminder.daysLeft(today: cardToday(card, context)) <= exportWithin
    else { return nil }
    return reminder
  }

  /// Today in the card's zone (the agency's, for an agency's history).
  func cardToday(_ card: MetroCard, _ context: Context) -> CalendarDate {
    card.rulesZone(context.moment.timeZone).calendarDate(of: context.moment.now)
  }

  /// Import before the day, or, once it has come, import what is still there.
  func exportSentence(_ reminder: ExportReminder, _ card: MetroCard, context: Context) -> String {
    let days = reminder.daysLeft(today: cardToday(card, context))
    let weeks = reminder.history.windowDays / 7
    let format = reminder.history.format.rawValue
    return days > 0
      ? context.text(
        .checkImportBefore(
          history: reminder.history, day: context.text.date(reminder.importBy), days: days, weeks: weeks,
          format: format))
      : context.text(
        .checkImportMissed(
          history: reminder.history, since: context.text.date(reminder.newestImported), weeks: weeks, format: format))
  }

  /// The reminder in --json: the days and the window, no sentences.
  func exportProblem(_ reminder: ExportReminder, _ card: MetroCard, context: Context) -> JSONValue {
    .object([
      ("card", .string(card.name)), ("problem", .string("export")),
      ("history", .string(reminder.history.rawValue)), ("format", .string(reminder.history.format.rawValue)),
      ("newestImported", .string(reminder.newestImported.description)),
      ("importBy", .string(reminder.importBy.description)),
      ("daysLeft", .integer(Int64(reminder.daysLeft(today: cardToday(card, context))))),
      ("windowDays", .integer(Int64(reminder.history.windowDays))), ("within", .integer(Int64(exportWithin))),
    ])
  }

  /// The pace (trips a week in tenths) and the day the balance runs out at
  /// it, when it does within the forecast's horizon.
  func runOut(_ card: MetroCard, context: Context) -> (Int, CalendarDate)? {
    let forecast = card.forecast(at: context.moment.now, in: context.moment.timeZone)
    guard let pace = forecast.pace, let day = forecast.runsOutOn else { return nil }
    return (pace.tenthsPerWeek, day)
  }

  /// --json never changes with the language: the problem and the numbers behind it, no sentences.
  func machineProblem(_ kind: String, _ card: MetroCard, today: CalendarDate, context: Context) -> JSONValue {
    var members: [(String, JSONValue)] = [("card", .string(card.name)), ("problem", .string(kind))]
    switch kind {
    case "expired", "expiring":
      members.append(("expirationDate", .string(card.expirationDate?.description)))
      members.append(("daysToExpiration", card.expirationDate.map { .integer(Int64(today.days(until: $0))) } ?? .null))
    case "runs-out":
      let forecast = card.forecast(at: context.moment.now, in: context.moment.timeZone)
      members.append(("runsOutOn", .string(forecast.runsOutOn?.description)))
      members.append(("daysLeft", .integer(Int64(max(0, forecast.runsOutOn.map(today.days(until:)) ?? 0)))))
      members.append(("ridesPerWeek", .tenths(Int64(forecast.pace?.tenthsPerWeek ?? 0))))
      members.append(("within", .integer(Int64(runsOutWithin ?? 0))))
    case "rides":
      members.append(("ridesLeft", .integer(Int64(context.moment.ridesLeft(card)))))
      members.append(("minimum", .integer(Int64(minimumRides))))
    default:
      members.append(("balance", .string(card.balance.plainString(in: card.currency))))
      members.append(("minimum", .string(minimumBalance.map { $0.plainString(in: card.currency) })))
    }
    return .object(members)
  }
}
