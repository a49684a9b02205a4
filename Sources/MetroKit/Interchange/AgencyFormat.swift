import FoundationEssentials

/// The trip histories metrobuddy reads: what `import --format` names.
package enum AgencyFormat: String, Sendable, CaseIterable {
  /// Transport for London's exports, in pounds: the Oyster journey history,
  /// the contactless statement and the contactless daily charges, told apart by their headers.
  case tfl
  /// The OMNY trip history CSV (New York), in dollars.
  case omny
  /// WMATA SmarTrip's Card Usage CSV (Washington), in dollars.
  case smartrip
  /// PATH's TAPP trip history CSV (New York and New Jersey), in dollars.
  case path
  /// PRESTO's Transit Usage Report CSV (Toronto), in Canadian dollars.
  case presto

  /// The currency the file's amounts are in.
  package var currency: Currency {
    switch self {
    case .tfl: Currency(uncheckedCode: "GBP", fractionDigits: 2)
    case .omny: .usd
    case .smartrip, .path: .usd
    case .presto: Currency(uncheckedCode: "CAD", fractionDigits: 2)
    }
  }

  /// The columns each file of the format must have, one list per kind of
  /// file, as the agency names them: what an error lists when a header is
  /// of no format.
  package var headers: [[String]] {
    switch self {
    case .tfl: [TfLHistory.required, TfLStatement.required, TfLDailyCharges.required]
    case .omny: [OMNYHistory.required]
    case .smartrip: [SmarTripHistory.required]
    case .path: [OMNYHistory.pathRequired]
    case .presto: [PRESTOUsageReport.required, PRESTOUsageReport.olderRequired]
    }
  }

  /// The agency whose export a CSV's header is: the format whose columns
  /// (one of its lists of ``headers``) the first record all has, the one
  /// with the most of them when several do (a PATH file has OMNY's columns
  /// and more); `nil` for any other text.
  package static func recognised(_ bytes: [UInt8]) -> AgencyFormat? {
    guard let keys = AgencyTable.headerKeys(bytes) else { return nil }
    var best: (format: AgencyFormat, columns: Int)?
    for format in allCases {
      for header in format.headers where header.allSatisfy({ keys.contains(AgencyTable.key($0)) }) {
        if header.count > best?.columns ?? 0 { best = (format, header.count) }
      }
    }
    return best?.format
  }

  /// Reads a trip history, oldest row first.
  ///
  /// The files list the newest row first; rows are put in order of time, and
  /// rows at the same time in the reverse of their order in the file. A
  /// leading UTF-8 byte-order mark and blank lines (TfL's files start with
  /// one) are skipped; lines may end in LF or CRLF. Where the file gives
  /// the balance after a row, each must follow from the one before it.
  ///
  /// - Parameters:
  ///   - bytes: The CSV file.
  ///   - format: Whose history it is.
  ///   - timeZone: The zone of the file's local times.
  ///   - source: The file's name, for errors.
  /// - Returns: The rows, oldest first, each with its deterministic id.
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)``
  ///   naming the line and the column (as the file's header writes it) of the first problem.
  package static func trips(
    _ bytes: [UInt8], format: AgencyFormat, timeZone: LocalTimeZone, source: String
  ) throws(MetroError) -> [AgencyTrip] {
    let table: AgencyTable
    let rows: [AgencyTrip]
    switch format {
    case .tfl:
      let keys = AgencyTable.headerKeys(bytes) ?? []
      if keys.contains(AgencyTable.key(TfLDailyCharges.dailyCharge)) {
        table = try AgencyTable(bytes, source: source, required: TfLDailyCharges.required, optional: [])
        rows = try TfLDailyCharges(table: table, timeZone: timeZone).trips()
      } else if keys.contains(AgencyTable.key(TfLStatement.charge)) {
        table = try AgencyTable(
          bytes, source: source, required: TfLStatement.required, optional: TfLStatement.optional)
        rows = try TfLStatement(table: table, timeZone: timeZone).trips()
      } else {
        table = try AgencyTable(bytes, source: source, required: TfLHistory.required, optional: TfLHistory.optional)
        rows = try TfLHistory(table: table, timeZone: timeZone).trips()
      }
    case .omny:
      table = try AgencyTable(bytes, source: source, required: OMNYHistory.required, optional: OMNYHistory.optional)
      rows = try OMNYHistory(table: table, timeZone: timeZone).trips()
    case .smartrip:
      table = try AgencyTable(
        bytes, source: source, required: SmarTripHistory.required, optional: SmarTripHistory.optional)
      rows = try SmarTripHistory(table: table, timeZone: timeZone).trips()
    case .path:
      table = try AgencyTable(bytes, source: source, required: OMNYHistory.pathRequired, optional: [])
      rows = try OMNYHistory(table: table, timeZone: timeZone, format: .path).trips()
    case .presto:
      // Put in order here (the file is not strictly): reversed, so that the order below keeps it.
      let report = try PRESTOUsageReport(bytes, source: source, timeZone: timeZone)
      table = report.table
      rows = try report.trips().reversed()
    }
    let oldestFirst = rows.reversed().enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }
    .map(\.element)
    try checkBalances(oldestFirst, table: table, currency: format.currency)
    return AgencyTripID.assigned(oldestFirst, format: format)
  }

  /// Checks that each balance the file gives is the balance before it
  /// (the last one given) changed by the rows since.
  ///
  /// - Throws: ``ImportProblem/balanceDoesNotFollow(_:expected:currency:)``
  ///   on the first row whose balance does not.
  static func checkBalances(_ oldestFirst: [AgencyTrip], table: AgencyTable, currency: Currency) throws(MetroError) {
    var last: Money?
    for trip in oldestFirst {
      let expected = last.flatMap { $0.adding(trip.change) }
      if let found = trip.balanceAfter, let expected, found != expected {
        throw .importMalformed(
          source: table.source, line: trip.line, column: .column(table.shownName(TfLHistory.balance)),
          problem: .balanceDoesNotFollow(found, expected: expected, currency: currency))
      }
      last = trip.balanceAfter ?? expected
    }
  }
}
