import MetroKit

/// The text, JSON and CSV of `report`: a month's statement
/// (``MonthlyStatement``), and the words ``ReportPage`` shares with them.
struct ReportText {
  let statement: MonthlyStatement
  let context: Context

  var text: Localizer { context.text }

  /// The month as the title names it: `November 2026`.
  var month: String { text(.month(year: statement.first.year, month: statement.first.month)) }

  func money(_ amount: Money, _ currency: Currency) -> String { context.money(amount, currency) }

  /// The cells of a card's history lines, read in the card's zone.
  func cells(_ card: MetroCard) -> HistoryCells {
    HistoryCells(card: card, text: text, timeZone: card.rulesZone(context.environment.timeZone))
  }

  /// A card's line: its name, kind and currency.
  func heading(_ card: MetroCard) -> String {
    text(.report(.card(name: card.name, kind: card.kind.rawValue, currency: card.currency.code)))
  }

  /// The column headings of the charges, in ``row(_:of:)``'s order.
  var headings: [String] {
    [
      text(.report(.dateHeading)), text(.report(.timeHeading)), text(.report(.modeHeading)),
      text(.report(.reasonHeading)), text(.report(.fareHeading)), text(.report(.chargedHeading)),
      text(.report(.noteHeading)),
    ]
  }

  /// A charge's cells: date, time, mode, reason, fare, charged, note.
  func row(_ charge: StatementCharge, of card: MetroCard) -> [String] {
    let cells = self.cells(card)
    return [
      cells.day(charge.day), cells.clock(charge.secondOfDay), cells.mode(charge.ride.mode),
      cells.reason(charge.ride.reason), money(charge.ride.fare, card.currency),
      money(charge.ride.charge, card.currency), charge.note ?? "",
    ]
  }

  /// A card's totals, a line each: by mode, the total, and (on a card that holds money) what was loaded.
  func totals(_ card: CardStatement) -> [String] {
    let currency = card.card.currency
    var lines = card.byMode.map {
      text(.report(.modeTotal(mode: text(.modeName($0.mode)), rides: $0.rides, spent: money($0.spent, currency))))
    }
    lines.append(
      text(
        .report(
          .total(
            rides: card.totals.rides, spent: money(card.totals.spent, currency),
            saved: money(card.totals.saved, currency)))))
    if card.card.kind.holdsValue, card.totals.loaded > .zero {
      lines.append(text(.report(.loaded(money(card.totals.loaded, currency)))))
    }
    return lines
  }

  /// The lines after the cards: every card's total (for more than one) and the limit.
  var closing: [String] {
    var lines: [String] = []
    if statement.cards.count > 1, let spent = statement.spent, let currency = statement.currency {
      let rides = statement.cards.reduce(0) { $0 + $1.totals.rides }
      lines.append(
        text(.report(.allCards(cards: statement.cards.count, rides: rides, spent: money(spent, currency)))))
    }
    if let limit = statement.limit, let left = statement.left, let currency = statement.currency {
      let amount = money(limit.amount, currency)
      lines.append(
        left < .zero
          ? text(.report(.limitOver(limit: amount, source: limit.source, over: money(-left, currency))))
          : text(.report(.limitLeft(limit: amount, source: limit.source, left: money(left, currency)))))
    } else if statement.limit == nil, statement.currency == .usd {
      lines.append(text(.report(.noLimitKnown(year: statement.first.year))))
    }
    return lines
  }

  /// The statement as text: the title, each card's charges and totals, and the closing lines.
  var plainText: String {
    var output = text(.report(.title(month: month))) + "\n"
    guard !statement.cards.isEmpty else { return output + text(.report(.noRides)) + "\n" }
    for (index, card) in statement.cards.enumerated() {
      if index > 0 { output += "\n" }
      output += heading(card.card) + "\n"
      guard !card.charges.isEmpty else {
        output += text(.report(.noRides)) + "\n"
        continue
      }
      let rows = [headings] + card.charges.map { row($0, of: card.card) }
      let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
      for row in rows {
        var line = (0..<6).map { column in
          column >= 4 ? row[column].leftPadding(to: widths[column]) : row[column].padding(to: widths[column])
        }.joined(separator: "  ")
        if !row[6].isEmpty { line += "  " + row[6] }
        output += line + "\n"
      }
      output += totals(card).map { $0 + "\n" }.joined()
    }
    let closing = self.closing
    if !closing.isEmpty { output += "\n" + closing.map { $0 + "\n" }.joined() }
    return output
  }

  /// `--json`: every figure, no sentences; amounts as plain strings in each card's currency.
  var json: JSONValue {
    func amount(_ money: Money, _ currency: Currency) -> JSONValue { .string(money.plainString(in: currency)) }
    let cards = statement.cards.map { card -> JSONValue in
      let currency = card.card.currency
      let cells = self.cells(card.card)
      let charges = card.charges.map { charge -> JSONValue in
        .object([
          ("timestamp", .string(Timestamp.iso8601(charge.ride.time))),
          ("date", .string(charge.day.description)), ("time", .string(cells.clock(charge.secondOfDay))),
          ("mode", .string(charge.ride.mode.rawValue)), ("reason", .string(charge.ride.reason.rawValue)),
          ("fare", amount(charge.ride.fare, currency)), ("charged", amount(charge.ride.charge, currency)),
          ("note", .string(charge.note)),
        ])
      }
      return .object([
        ("card", .string(card.card.name)), ("kind", .string(card.card.kind.rawValue)),
        ("currency", .string(currency.code)), ("rides", .integer(Int64(card.totals.rides))),
        ("paidRides", .integer(Int64(card.totals.paidRides))),
        ("cappedRides", .integer(Int64(card.totals.cappedRides))),
        ("transfers", .integer(Int64(card.totals.transfers))), ("spent", amount(card.totals.spent, currency)),
        ("saved", amount(card.totals.saved, currency)), ("loaded", amount(card.totals.loaded, currency)),
        (
          "byMode",
          .array(
            card.byMode.map {
              .object([
                ("mode", .string($0.mode.rawValue)), ("rides", .integer(Int64($0.rides))),
                ("spent", amount($0.spent, currency)), ("saved", amount($0.saved, currency)),
              ])
            })
        ),
        (
          "weeks",
          .array(
            card.weeks.map {
              .object([
                ("start", .string($0.first.description)), ("end", .string($0.last.description)),
                ("rides", .integer(Int64($0.rides))), ("spent", amount($0.spent, currency)),
              ])
            })
        ),
        ("heatmap", .array(card.heatmap.map { .array($0.map { .integer(Int64($0)) }) })),
        ("charges", .array(charges)),
      ])
    }
    let currency = statement.currency
    var limit: JSONValue = .null
    if let given = statement.limit, let currency {
      var members: [(String, JSONValue)] = [("amount", amount(given.amount, currency))]
      switch given.source {
      case .irs(let year): members += [("source", .string("irs")), ("year", .integer(Int64(year)))]
      case .byHand: members += [("source", .string("given")), ("year", .null)]
      }
      limit = .object(members)
    }
    return .object([
      ("month", .string(String(statement.first.description.prefix(7)))),
      ("start", .string(statement.first.description)), ("end", .string(statement.last.description)),
      ("currency", .string(currency?.code)),
      ("spent", statement.spent.flatMap { spent in currency.map { amount(spent, $0) } } ?? .null),
      ("limit", limit), ("left", statement.left.flatMap { left in currency.map { amount(left, $0) } } ?? .null),
      ("cards", .array(cards)),
    ])
  }

  /// `--format csv`: a record per charge, oldest first within each card, for a spreadsheet.
  var csv: String {
    var output = CSV.row(
      ["card", "date", "time", "mode", "reason", "currency", "fare", "charged", "note"].map { .text($0) })
    for card in statement.cards {
      let currency = card.card.currency
      let cells = self.cells(card.card)
      for charge in card.charges {
        output += CSV.row([
          .text(card.card.name), .text(charge.day.description), .text(cells.clock(charge.secondOfDay)),
          .text(charge.ride.mode.rawValue), .text(charge.ride.reason.rawValue), .text(currency.code),
          .number(charge.ride.fare.plainString(in: currency)), .number(charge.ride.charge.plainString(in: currency)),
          .text(charge.note ?? ""),
        ])
      }
    }
    return output
  }
}
