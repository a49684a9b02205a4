import MetroKit

/// The text and JSON of `compare`: a heading, a line per way of paying
/// (as recorded, without the cap, each pass), and the cheapest.
struct CompareText {
  let card: MetroCard
  let comparison: FareComparison
  let context: Context

  func money(_ amount: Money) -> String { context.money(amount, card.currency) }

  /// A pass as the text names it.
  func name(_ product: PassProduct) -> String {
    switch product.name {
    case .metroCardUnlimited(let days): context.text(.compareMetroCardUnlimited(days: days))
    case .byHand(let name): name
    }
  }

  /// A way of paying: `nil` is as recorded, else a pass's index.
  func name(_ way: Int?) -> String {
    way.map { name(comparison.passes[$0].product) } ?? context.text(.compareAsRecorded)
  }

  var text: String {
    let text = context.text
    let comparison = self.comparison
    var output =
      text(
        .compareHeading(
          first: text.shortDate(comparison.first), last: text.shortDate(comparison.last), rides: comparison.rides,
          transfers: comparison.transfers)) + "\n"
    guard comparison.rides + comparison.transfers > 0 else { return output + text(.compareNoRides) + "\n" }
    var rows: [[String]] = [
      [text(.compareAsRecorded), money(comparison.asRecorded), ""],
      [
        text(.compareWithoutCap), money(comparison.withoutCap),
        text(.compareCapSaved(money(comparison.capSaved))),
      ],
    ]
    for outcome in comparison.passes {
      var detail: String
      if let day = outcome.notSoldOn {
        detail = text(.compareNotSold(text.shortDate(day)))
      } else {
        detail = text(.comparePasses(outcome.passes, price: money(outcome.product.price)))
        if outcome.uncovered > .zero { detail += "; " + text(.compareUncovered(money(outcome.uncovered))) }
        if let rides = outcome.breakEven {
          detail +=
            "; " + text(.compareBreakEven(rides: rides, days: outcome.product.days, fare: money(comparison.fare)))
        }
      }
      rows.append([
        text(.comparePassLabel(name: name(outcome.product), days: outcome.product.days)), money(outcome.total), detail,
      ])
    }
    let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
    for row in rows {
      let line = row[0].padding(to: widths[0]) + "  " + row[1].leftPadding(to: widths[1])
      output += (row[2].isEmpty ? line : line + "  " + row[2]) + "\n"
    }
    return output + verdict + "\n"
  }

  /// Which way is cheapest, and by how much.
  var verdict: String {
    let text = context.text
    let ways = comparison.cheapestFirst
    guard let best = ways.first, ways.count > 1 else { return text(.compareNoPass) }
    guard best.pass == nil else {
      return text(
        .comparePassCheapest(
          name(best.pass), less: money(Money(minorUnits: comparison.asRecorded.minorUnits - best.cost.minorUnits))))
    }
    let next = ways[1]
    return next.cost == best.cost
      ? text(.compareRecordedTies(name(next.pass)))
      : text(
        .compareRecordedCheapest(
          next: name(next.pass), more: money(Money(minorUnits: next.cost.minorUnits - best.cost.minorUnits))))
  }

  /// A pass as JSON names it: the agency's products by a fixed key.
  static func key(_ product: PassProduct) -> String {
    switch product.name {
    case .metroCardUnlimited(let days): "metrocard-unlimited-\(days)-day"
    case .byHand(let name): name
    }
  }

  var json: JSONValue {
    let currency = card.currency
    func amount(_ money: Money) -> JSONValue { .string(money.plainString(in: currency)) }
    let passes = comparison.passes.map { outcome -> JSONValue in
      .object([
        ("name", .string(Self.key(outcome.product))), ("price", amount(outcome.product.price)),
        ("days", .integer(Int64(outcome.product.days))), ("passes", .integer(Int64(outcome.passes))),
        ("uncovered", amount(outcome.uncovered)), ("total", amount(outcome.total)),
        ("breakEven", outcome.breakEven.map { .integer(Int64($0)) } ?? .null),
        ("notSoldOn", outcome.notSoldOn.map { .string($0.description) } ?? .null),
      ])
    }
    let best = comparison.cheapestFirst.first
    return .object([
      ("card", .string(card.name)), ("start", .string(comparison.first.description)),
      ("end", .string(comparison.last.description)), ("rides", .integer(Int64(comparison.rides))),
      ("transfers", .integer(Int64(comparison.transfers))), ("fare", amount(comparison.fare)),
      ("asRecorded", amount(comparison.asRecorded)), ("withoutCap", amount(comparison.withoutCap)),
      ("capSaved", amount(comparison.capSaved)), ("passes", .array(passes)),
      ("cheapest", .string(best?.pass.map { Self.key(comparison.passes[$0].product) } ?? "as-recorded")),
      ("cheapestCost", amount(best?.cost ?? comparison.asRecorded)),
    ])
  }
}
