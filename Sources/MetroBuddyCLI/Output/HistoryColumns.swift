import MetroKit

/// The cells of a `history` line: when, type, mode, reason, amount,
/// balance, note. One place writes each cell, for the lines and for the
/// widths of their columns.
struct HistoryCells {
  let card: MetroCard
  /// The person's language.
  let text: Localizer
  /// Where the times are local.
  let timeZone: LocalTimeZone

  init(card: MetroCard, text: Localizer, timeZone: LocalTimeZone) {
    self.card = card
    self.text = text
    self.timeZone = timeZone
  }

  /// The cells of `card`'s lines for `context`.
  init(card: MetroCard, _ context: Context) {
    self.init(card: card, text: context.text, timeZone: context.environment.timeZone)
  }

  /// The column of each cell of ``row(_:)``.
  enum Column: Int, CaseIterable {
    case when, type, mode, reason, amount, balance, note
  }

  /// The cells of `update`'s line, in ``Column`` order.
  func row(_ update: BalanceUpdate) -> [String] {
    let ride = RecordedRide(update)
    return [
      when(update), type(update.type), ride.map { mode($0.mode) } ?? "", ride.map { reason($0.reason) } ?? "",
      amount(update.amount), balance(update.balance), note(update),
    ]
  }

  func when(_ update: BalanceUpdate) -> String {
    let (day, secondOfDay) = timeZone.localTime(of: update.timestamp)
    return self.day(day) + " " + clock(secondOfDay)
  }

  /// The date part of ``when(_:)``.
  func day(_ day: CalendarDate) -> String { text.date(day) }

  /// The time part of ``when(_:)``: hours and minutes.
  func clock(_ secondOfDay: Int) -> String {
    Localizer.twoDigits(secondOfDay / 3600) + ":" + Localizer.twoDigits(secondOfDay / 60 % 60)
  }

  func type(_ kind: BalanceUpdate.Kind) -> String { text(.updateType(kind)) }

  func mode(_ mode: TravelMode) -> String { text(.modeName(mode)) }

  func reason(_ reason: RideReason) -> String { text(.reasonName(reason)) }

  /// `+$60.00` for money added, `-$3.00` for money taken; for a contactless
  /// card `+$3.00` for a ride's cost (``CardText/shown(_:for:)``).
  func amount(_ amount: Money) -> String {
    let shown = CardText.shown(amount, for: card)
    return (shown.minorUnits > 0 ? "+" : "") + text.money(shown, card.currency)
  }

  func balance(_ balance: Money) -> String { CardText.balanceColumn(balance, card, text) }

  /// A reload's key, the update an undo takes back, a duplicate's mark, the note.
  func note(_ update: BalanceUpdate) -> String {
    var note = ""
    if let key = update.key, update.type != .undo { note = text(.historyKey(key)) }
    if let undone = update.undoes {
      note = text(.historyUndoes(String(undone.canonicalString.prefix(8).lowercased())))
    }
    if update.isDuplicate { note += (note.isEmpty ? "" : " ") + "(" + text(.historyDuplicate) + ")" }
    if let from = update.repricedFrom {
      let recorded = text.money(from, card.currency)
      let why: Message =
        switch update.repricedBecause {
        case .transferFound?: .historyTransferFound(from: recorded)
        case .transferLost?: .historyTransferLost(from: recorded)
        case .cap?, nil: .historyRepriced(from: recorded)
        }
      note += (note.isEmpty ? "" : " ") + "(" + text(why) + ")"
    }
    if let words = update.note { note += (note.isEmpty ? "" : " ") + text(.historyNote(words)) }
    return note
  }
}

/// What the widths of `history`'s columns depend on, gathered from the
/// updates it shows without writing a cell of each: the types, modes and
/// reasons seen, and the least and the most amount and balance.
///
/// A money cell is as wide as its sign and its digits: on either side of
/// zero it never narrows as the amount moves away from zero. So the widest
/// cell of an amount or balance column is the wider of the cells of the
/// column's least and most values, and two cells are written for it
/// instead of one per update.
struct HistoryColumns {
  /// How many updates were noted.
  private(set) var shown = 0
  private var types: Set<BalanceUpdate.Kind> = []
  private var modes: Set<TravelMode> = []
  private var reasons: Set<RideReason> = []
  private var amounts: (least: Money, most: Money)?
  private var balances: (least: Money, most: Money)?

  /// Notes an update the table shows.
  mutating func note(_ update: BalanceUpdate) {
    shown += 1
    types.insert(update.type)
    if let ride = RecordedRide(update) {
      modes.insert(ride.mode)
      reasons.insert(ride.reason)
    }
    Self.widen(&amounts, update.amount)
    Self.widen(&balances, update.balance)
  }

  private static func widen(_ range: inout (least: Money, most: Money)?, _ value: Money) {
    guard let held = range else {
      range = (value, value)
      return
    }
    if value < held.least { range?.least = value }
    if value > held.most { range?.most = value }
  }

  /// The width of each column (``HistoryCells/Column`` order): the widest
  /// of its cells over the noted updates; 0 for the mode and reason when
  /// no ride was noted, and for the columns that are not padded.
  func widths(_ cells: HistoryCells) -> [Int] {
    var widths = [Int](repeating: 0, count: HistoryCells.Column.allCases.count)
    widths[HistoryCells.Column.type.rawValue] = types.map { cells.type($0).count }.max() ?? 0
    widths[HistoryCells.Column.mode.rawValue] = modes.map { cells.mode($0).count }.max() ?? 0
    widths[HistoryCells.Column.reason.rawValue] = reasons.map { cells.reason($0).count }.max() ?? 0
    if let amounts {
      widths[HistoryCells.Column.amount.rawValue] = max(
        cells.amount(amounts.least).count, cells.amount(amounts.most).count)
    }
    if let balances {
      widths[HistoryCells.Column.balance.rawValue] = max(
        cells.balance(balances.least).count, cells.balance(balances.most).count)
    }
    return widths
  }
}
