import MetroKit

/// The `--json` forms of the contract, in one place: a card, an update, and
/// the result of a change.
enum JSONRenderer {
  /// A **card**: name, isDefault, kind, reduced, mode, balance, fare (now;
  /// `null` when the card has none), fareSource (`standard` or `hand`),
  /// currency, ridesLeft, cap, forecast, expirationDate, serialNumber.
  static func card(_ card: MetroCard, at moment: Moment) -> JSONValue {
    let quote = moment.quote(card)
    let source: String? =
      switch quote?.source {
      case .standard: "standard"
      case .byHand: "hand"
      case nil: nil
      }
    return .object([
      ("name", .string(card.name)),
      ("isDefault", .bool(card.isDefault)),
      ("kind", .string(card.kind.rawValue)),
      ("reduced", .bool(card.isReduced)),
      ("mode", .string(card.mode.rawValue)),
      ("balance", .string(CardText.shown(card.balance, for: card).plainString(in: card.currency))),
      ("fare", .string(quote?.amount.plainString(in: card.currency))),
      ("fareSource", .string(source)),
      ("currency", .string(card.currency.code)),
      ("ridesLeft", .integer(Int64(moment.ridesLeft(card)))),
      ("cap", cap(card, at: moment)),
      ("forecast", forecast(card, at: moment)),
      ("expirationDate", .string(card.expirationDate?.description)),
      ("serialNumber", .string(card.serialNumber)),
    ])
  }

  /// The card's **cap** now: `paid` and `limit` (money), `periodStart` and
  /// `periodEnd` (UTC, `null` outside a period) and `free`, then for a cap
  /// counted in paid rides (Toronto's) `paidRides` and `rideLimit`; `null`
  /// for a card without a cap.
  static func cap(_ card: MetroCard, at moment: Moment) -> JSONValue {
    guard let standing = card.capStanding(at: moment.now, in: moment.timeZone) else { return .null }
    let rides: [(String, JSONValue)] =
      standing.rides.map { [("paidRides", .integer(Int64($0.paid))), ("rideLimit", .integer(Int64($0.limit)))] } ?? []
    return .object(
      [
        ("paid", .string(standing.paid.plainString(in: card.currency))),
        ("limit", .string(standing.limit.plainString(in: card.currency))),
        ("periodStart", .string(standing.periodStart.map(Timestamp.iso8601))),
        ("periodEnd", .string(standing.periodEnd.map(Timestamp.iso8601))),
        ("free", .bool(standing.isFree)),
      ] + rides)
  }

  /// The card's **forecast** at the rider's pace: `ridesPerWeek` (trips in
  /// the last 28 days, or since the first, a week, to one decimal place; 0
  /// without any) and `runsOutOn` (the local day of the first trip the
  /// balance cannot pay; `null` without a pace, for a card that holds no
  /// money, or beyond ten years).
  static func forecast(_ card: MetroCard, at moment: Moment) -> JSONValue {
    let forecast = card.forecast(at: moment.now, in: moment.timeZone)
    return .object([
      ("ridesPerWeek", .tenths(Int64(forecast.pace?.tenthsPerWeek ?? 0))),
      ("runsOutOn", .string(forecast.runsOutOn?.description)),
    ])
  }

  /// A **plan**: the card, `amount` to load, `rides` planned for, `until`
  /// (the day, or `null` for `--rides`), their `cost` by the rules and
  /// `fullFares` without the cap, the `balance`, `ridesPerWeek` and whether
  /// that pace was `paceAssumed`, `unrounded` (the amount before rounding,
  /// or `null`), `limit` (what the card holds at most, when the amount
  /// would take it over, else `null`) and `refillsEnded` (a MetroCard after
  /// its refills ended: no machine loads the amount).
  static func plan(_ plan: RefillPlan, card: MetroCard, until: CalendarDate?) -> JSONValue {
    let money = { (amount: Money) in JSONValue.string(amount.plainString(in: card.currency)) }
    return .object([
      ("card", .string(card.name)),
      ("amount", money(plan.amount)),
      ("rides", .integer(Int64(plan.trips))),
      ("until", .string(until?.description)),
      ("cost", money(plan.cost)),
      ("fullFares", money(plan.fullFares)),
      ("balance", money(plan.balance)),
      ("ridesPerWeek", .tenths(Int64(plan.pace.tenthsPerWeek))),
      ("paceAssumed", .bool(plan.paceIsAssumed)),
      ("unrounded", plan.unrounded.map(money) ?? .null),
      ("limit", plan.overLimit.map(money) ?? .null),
      ("refillsEnded", .bool(plan.refillsEnded)),
    ])
  }

  /// An **update** of `card`: id, type, amount, balance, timestamp (the
  /// money as ``CardText/shown(_:for:)`` shows it); for a ride its full
  /// `fare`, `mode` and `reason`; `key`, `undoes` or `note` when present.
  static func update(_ update: BalanceUpdate, of card: MetroCard) -> JSONValue {
    var members: [(String, JSONValue)] = []
    updateMembers(update, of: card) { members.append(($0, $1)) }
    return .object(members)
  }

  /// The members of ``update(_:of:)``, handed to `member` in order.
  static func updateMembers(_ update: BalanceUpdate, of card: MetroCard, _ member: (String, JSONValue) -> Void) {
    let currency = card.currency
    member("id", .string(update.id.canonicalString))
    member("type", .string(update.type.rawValue))
    member("amount", .string(CardText.shown(update.amount, for: card).plainString(in: currency)))
    member("balance", .string(CardText.shown(update.balance, for: card).plainString(in: currency)))
    member("timestamp", .string(Timestamp.iso8601(update.timestamp)))
    if let ride = RecordedRide(update) {
      member("fare", .string(ride.fare.plainString(in: currency)))
      member("mode", .string(ride.mode.rawValue))
      member("reason", .string(ride.reason.rawValue))
    }
    if let key = update.key, update.type != .undo { member("key", .string(key)) }
    if let undoes = update.undoes { member("undoes", .string(undoes.canonicalString)) }
    if let note = update.note { member("note", .string(note)) }
    // A keyed reload another device recorded first (or the undo of one) adds nothing.
    if update.isDuplicate { member("duplicate", .bool(true)) }
    // A ride the merged history re-priced: the charge it was recorded with, and why.
    if let from = update.repricedFrom { member("repricedFrom", .string(from.plainString(in: currency))) }
    if let why = update.repricedBecause { member("repricedBecause", .string(why.rawValue)) }
  }

  /// What setting a balance found: `{"difference": "-3.00", "fare": "3.00",
  /// "rides": 1, "exact": true}`; `fare`, `rides` and `exact` are `null`
  /// when the card has no fare to count rides in.
  static func reconciliation(_ reconciliation: Reconciliation, currency: Currency) -> JSONValue {
    .object([
      ("difference", .string(reconciliation.difference.plainString(in: currency))),
      ("fare", reconciliation.fare.map { .string($0.plainString(in: currency)) } ?? .null),
      ("rides", reconciliation.rides.map { .integer(Int64($0)) } ?? .null),
      ("exact", reconciliation.rides == nil ? .null : .bool(reconciliation.isExact)),
    ])
  }

  /// `object` with `member` added last (an object is returned as it is otherwise).
  static func adding(_ member: (String, JSONValue), to object: JSONValue) -> JSONValue {
    guard case .object(let members) = object else { return object }
    return .object(members + [member])
  }

  /// What any command that changes something prints: the card after it and
  /// the updates it recorded, in order.
  static func change(card: MetroCard, recorded: [BalanceUpdate], at moment: Moment) -> JSONValue {
    .object([
      ("card", Self.card(card, at: moment)),
      ("updates", .array(recorded.map { update($0, of: card) })),
    ])
  }

  /// The text written to stdout: indented, with a final newline.
  static func text(_ value: JSONValue) -> String {
    JSONWriter.string(value, style: .pretty) + "\n"
  }
}
