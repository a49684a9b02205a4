import FoundationEssentials

/// PRESTO's "Transit Usage Report" CSV (Toronto and the GTA), as exported:
/// `"Date","TransitAgency","Location","Type","Amount"` (older files write
/// `Transit Agency`), every field quoted, mostly oldest first but not
/// strictly (a load may come after later rows, and loads share the time of
/// the fare row they paid for). The five columns are required, in any
/// order; other columns are ignored. (PRESTO's older "Transaction history"
/// export, with `Transaction Number` and `Balance`, is another file.)
///
/// - `Date` is local time, month first, 12-hour, with seconds:
///   `1/6/2024 2:12:25 PM` (``OMNYHistory/time(_:in:)`` reads it).
/// - `Amount` is signed: `$-3.30` or `-$3.30` for a fare, `$-0.00`, `$20.00`
///   or `$1,028.15` for a load.
/// - `Type` is `Fare Payment`, `Epurse Load` or `Period Pass Load` (any
///   case); any other type refuses the file, naming it.
///
/// What each row is (decision 97):
///
/// - a `Fare Payment` at the TTC (`Toronto Transit Commission`) is a ride at
///   its charge, in the card's mode; at `$-0.00` it is a `transfer` within two
///   hours of the latest paid TTC ride, `capped` in a calendar month (from
///   September 2026) after ``TorontoFares/capRides`` paid TTC rides, and
///   otherwise a free ride no TTC rule explains (a One Fare transfer from GO
///   or a 905 agency, most likely), recorded `uncapped` and `transfer`;
/// - a `Fare Payment` at any other agency (`GO Transit`, `Union Pearson
///   Express`) is an `uncapped` ride at its charge, counted toward no TTC
///   cap or transfer; a positive one (GO's tap-off credit) is netted with
///   the latest earlier charge at the same agency not yet netted, into one
///   ride at the tap-on's time;
/// - a positive `Fare Payment` with nothing to net is money given back, an adjustment;
/// - an `Epurse Load` is a reload (a negative one an adjustment, `$0.00` nothing);
/// - a `Period Pass Load` moves no e-purse money: counted, never recorded.
struct PRESTOUsageReport {
  /// The columns read, as PRESTO names them.
  static let date = "Date"
  static let agency = "TransitAgency"
  static let olderAgency = "Transit Agency"
  static let location = "Location"
  static let type = "Type"
  static let amount = "Amount"
  /// The columns of the current export, and of the older one.
  static let required = [date, agency, location, type, amount]
  static let olderRequired = [date, olderAgency, location, type, amount]
  /// The types a row can have, as PRESTO writes them.
  static let types = ["Fare Payment", "Epurse Load", "Period Pass Load"]

  let table: AgencyTable
  let timeZone: LocalTimeZone
  let currency = AgencyFormat.presto.currency

  /// Reads the file with whichever spelling of the agency column its header has.
  init(_ bytes: [UInt8], source: String, timeZone: LocalTimeZone) throws(MetroError) {
    let older = AgencyTable.headerKeys(bytes)?.contains(AgencyTable.key(Self.olderAgency)) ?? false
    table = try AgencyTable(bytes, source: source, required: older ? Self.olderRequired : Self.required, optional: [])
    self.timeZone = timeZone
  }

  /// A row as read, before the rows around it decide what a free fare is.
  private struct Row {
    var time: Date
    var line: Int
    var agency: String
    var text: String
    var kind: Int
    var amount: Money
    var isTTC: Bool { [["toronto", "transit", "commission"], ["ttc"]].contains(TfLHistory.words(agency)) }
    /// 1 for a fare, 0 for a load: a load comes before a fare of the same second.
    var isFare: Int { kind == 0 ? 1 : 0 }
  }

  /// The rows, oldest first (loads before fares at the same time, then in
  /// the file's order), their ids not yet set.
  func trips() throws(MetroError) -> [AgencyTrip] {
    var rows: [Row] = []
    for record in table.rows { rows.append(try row(record)) }
    rows = rows.enumerated().sorted {
      ($0.element.time, $0.element.isFare, $0.offset) < ($1.element.time, $1.element.isFare, $1.offset)
    }
    .map(\.element)
    var trips: [AgencyTrip] = []
    var openCharges: [String: [Int]] = [:]
    var lastPaid: Date?
    var paidInMonth: (year: Int, month: Int, rides: Int)?
    for row in rows {
      let action: AgencyTrip.Action
      switch row.kind {
      case 1:
        action = row.amount > .zero ? .reload(row.amount) : row.amount < .zero ? .adjustment(row.amount) : .noMoney
      case 2: action = .noMoney
      default:
        let charge = -row.amount
        if row.isTTC {
          let day = timeZone.calendarDate(of: row.time)
          if paidInMonth.map({ ($0.year, $0.month) != (day.year, day.month) }) ?? true {
            paidInMonth = (day.year, day.month, 0)
          }
          if charge > .zero {
            action = .ride(charge: charge, mode: nil, reason: nil)
            paidInMonth?.rides += 1
            lastPaid = row.time
          } else if charge < .zero {
            action = .adjustment(row.amount)
          } else if day >= TorontoFares.capStart, let paid = paidInMonth, paid.rides >= TorontoFares.capRides {
            action = .ride(charge: .zero, mode: nil, reason: .capped)
          } else if let lastPaid,
            row.time.timeIntervalSince(lastPaid) <= Double(TorontoFares.transfer.windowMinutes) * 60
          {
            action = .ride(charge: .zero, mode: nil, reason: .transfer)
          } else {
            action = .ride(charge: .zero, mode: .uncapped, reason: .transfer)
          }
        } else if charge >= .zero {
          action = .ride(charge: charge, mode: .uncapped, reason: nil)
          if charge > .zero { openCharges[row.agency, default: []].append(trips.count) }
        } else if let index = openCharges[row.agency]?.last,
          case .ride(let tapOn, _, _) = trips[index].action, tapOn >= row.amount
        {
          // GO's tap-off credit: the tap-on's charge less the credit is the trip's fare.
          openCharges[row.agency]?.removeLast()
          trips[index].action = .ride(
            charge: Money(minorUnits: tapOn.minorUnits - row.amount.minorUnits), mode: .uncapped, reason: nil)
          continue
        } else {
          action = .adjustment(row.amount)
        }
      }
      trips.append(
        AgencyTrip(id: UUID(), time: row.time, action: action, balanceAfter: nil, line: row.line, text: row.text))
    }
    return trips
  }

  /// One record read: its time, agency, type and amount checked.
  private func row(_ record: CSV.Record) throws(MetroError) -> Row {
    try table.checkWidth(record)
    let timeText = table.field(Self.date, of: record)
    guard let time = OMNYHistory.time(timeText, in: timeZone) else {
      throw table.error(record, Self.date, .notATripTime(timeText))
    }
    guard Timestamp.isRecordable(time) else {
      throw table.error(record, Self.date, .timeOutOfRange(timeText))
    }
    let agencyColumn = table.has(Self.agency) ? Self.agency : Self.olderAgency
    let typeText = table.field(Self.type, of: record)
    guard let kind = Self.types.firstIndex(where: { $0.lowercased() == typeText.lowercased() }) else {
      throw table.error(record, Self.type, .notOneOf(typeText, known: Self.types))
    }
    let amount = try table.money(
      table.field(Self.amount, of: record), record, column: Self.amount, currency: currency, symbol: "$",
      signed: true, kind: kind == 0 ? .swipe : .reload, grouped: true)
    let agency = table.field(agencyColumn, of: record)
    let place = table.field(Self.location, of: record)
    return Row(
      time: time, line: record.line, agency: agency.lowercased(),
      text: place.isEmpty ? agency : agency + ", " + place, kind: kind, amount: amount)
  }
}
