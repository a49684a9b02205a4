/// The rows of a CSV to import (see ``Interchange/updates(fromCSV:source:currency:timeZone:)``),
/// parsed each time they are read and never held.
package struct CSVImportRows: ImportedRows {
  /// The file's text, read from its start at each reading.
  package var text: any ImportText
  /// The file's name in errors.
  package var source: String
  /// The card's currency, for amounts.
  package var currency: Currency
  /// For timestamps written without a zone.
  package var timeZone: LocalTimeZone

  /// Rows of `bytes`, read from `source`.
  package init(bytes: [UInt8], source: String, currency: Currency, timeZone: LocalTimeZone) {
    self.init(text: ImportBytes(bytes), source: source, currency: currency, timeZone: timeZone)
  }

  /// Rows of `text`, read a stretch at a time (it is never held whole), from `source`.
  package init(text: any ImportText, source: String, currency: Currency, timeZone: LocalTimeZone) {
    self.text = text
    self.source = source
    self.currency = currency
    self.timeZone = timeZone
  }

  /// Reads the header, then each row in order; the opening row, which
  /// only ``attributes(of:)`` reads, is left out.
  ///
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)`` naming the line and column.
  package func forEachRow(_ body: (ImportedUpdate) throws(MetroError) -> Void) throws(MetroError) {
    try forEachRecord { record, columns, count, number throws(MetroError) in
      let type = columns["type"].map { record.fields[$0].trimmingWhitespace().lowercased() }
      if type == Interchange.openingType {
        guard number == 1 else {
          throw .importMalformed(source: source, line: record.line, column: .column("type"), problem: .openingNotFirst)
        }
        return true
      }
      try body(try row(record, columns: columns, count: count))
      return true
    }
  }

  /// What the opening row says about the card (decision 94): its opening
  /// balance and the settings it gives, or, without settings, `card`'s
  /// own. `nil` when the first row is not an opening row (a CSV written
  /// by hand, or exported before CSV exports had one). Reads only up to
  /// the first row.
  ///
  /// - Throws: ``MetroError/importMalformed(source:line:column:problem:)`` naming the line and field.
  package func attributes(of card: MetroCard) throws(MetroError) -> ImportedCardAttributes? {
    var result: ImportedCardAttributes?
    try forEachRecord { record, columns, count, _ throws(MetroError) in
      guard record.fields.count == count else {
        throw .importMalformed(
          source: source, line: record.line, column: nil,
          problem: .fieldCount(found: record.fields.count, expected: count))
      }
      func field(_ name: String) -> String { columns[name].map { record.fields[$0] } ?? "" }
      guard field("type").trimmingWhitespace().lowercased() == Interchange.openingType else { return false }
      guard let opening = RowFields.loose(field("amount"), currency) else {
        throw .importMalformed(
          source: source, line: record.line, column: .column("amount"), problem: .notAnAmount(field("amount")))
      }
      let given = CSV.restored(field("settings"))
      var settings = Interchange.csvSettings(of: card)
      if !given.trimmingWhitespace().isEmpty {
        do throws(JSONParser.Failure) {
          settings = try JSONParser.parse(Array(given.utf8))
        } catch {
          throw .importMalformed(
            source: source, line: record.line, column: .column("settings"), problem: .invalidJSON(reason: error.reason))
        }
      }
      do throws(MetroError) {
        guard case .object(let members) = settings else {
          throw .importMalformed(source: source, line: 0, column: .cardField("settings"), problem: .notAnObject)
        }
        let known = Interchange.csvSettingsFields
        if let unknown = members.first(where: { !known.contains($0.0) }) {
          throw .importMalformed(
            source: source, line: 0, column: .cardField(unknown.0), problem: .unknownCardField(known: known))
        }
        try Interchange.checkCurrency(of: settings, into: currency, source: source)
        result = try Interchange.cardAttributes(
          of: .object(members + [("openingBalance", .string(opening.plainString(in: currency)))]), source: source,
          currency: currency, card: nil)
      } catch {
        // The field of `settings` at fault, on the opening row's line.
        guard case .importMalformed(_, _, let column, let problem) = error else { throw error }
        throw .importMalformed(source: source, line: record.line, column: column, problem: problem)
      }
      return false
    }
    return result
  }

  /// Reads the header, then hands `body` each record with the columns, how
  /// many fields the header has and the record's number from 1, until it
  /// returns `false`.
  private func forEachRecord(
    _ body: (CSV.Record, [String: Int], Int, Int) throws(MetroError) -> Bool
  ) throws(MetroError) {
    var columns: [String: Int]?
    var count = 0
    var number = 0
    var reads = true
    func failure(_ failure: CSV.Failure) -> MetroError {
      .importMalformed(source: source, line: failure.line, column: nil, problem: .csv(failure.problem))
    }
    func each(_ record: CSV.Record) throws(MetroError) {
      guard reads else { return }
      guard let columns else {
        columns = try header(record)
        count = record.fields.count
        return
      }
      number += 1
      reads = try body(record, columns, count, number)
    }
    var line = 1
    func piece(_ piece: ArraySlice<UInt8>) throws(MetroError) {
      // Spreadsheets write UTF-8 CSV with a byte-order mark first: it is not part of the header.
      let body = line == 1 && piece.starts(with: [0xEF, 0xBB, 0xBF]) ? piece.dropFirst(3) : piece
      line = try CSV.forEachRecord(body, from: line, failure: failure, each)
    }
    // The text in pieces that each end where a record does.
    let reading = try text.reading(from: 0)
    var pieces = CSV.Pieces()
    while reads, let stretch = try reading.next() { try pieces.add(stretch, piece) }
    try reading.finish()
    if reads { try pieces.finish(piece) }
    if columns == nil { throw .importMalformed(source: source, line: 1, column: nil, problem: .emptyFile) }
  }

  /// The columns the header names, by their place.
  private func header(_ header: CSV.Record) throws(MetroError) -> [String: Int] {
    let names = header.fields.map { $0.trimmingWhitespace().lowercased() }
    var columns: [String: Int] = [:]
    let required = Interchange.csvRequired
    let optional = Interchange.csvOptional
    for (index, name) in names.enumerated() {
      guard !name.unicodeScalars.contains("\u{FEFF}") else {
        throw .importMalformed(
          source: source, line: header.line, column: .column(name.replacing("\u{FEFF}", with: "<U+FEFF>")),
          problem: .byteOrderMarkInColumnName)
      }
      guard required.contains(name) || optional.contains(name) else {
        throw .importMalformed(
          source: source, line: header.line, column: .column(name),
          problem: .unknownColumn(required: required, optional: optional))
      }
      guard columns[name] == nil else {
        throw .importMalformed(source: source, line: header.line, column: .column(name), problem: .duplicateColumn)
      }
      columns[name] = index
    }
    for name in required where columns[name] == nil {
      throw .importMalformed(source: source, line: header.line, column: .column(name), problem: .missingColumn(name))
    }
    return columns
  }

  /// One row as an update.
  private func row(_ record: CSV.Record, columns: [String: Int], count: Int) throws(MetroError) -> ImportedUpdate {
    guard record.fields.count == count else {
      throw .importMalformed(
        source: source, line: record.line, column: nil,
        problem: .fieldCount(found: record.fields.count, expected: count))
    }
    func field(_ name: String) -> String? {
      columns[name].map { record.fields[$0] }
    }
    let fields = RowFields(source: source, line: record.line, currency: currency, timeZone: timeZone)
    guard field("settings")?.isEmpty ?? true else { throw fields.error("settings", .settingsOnlyOnOpening) }
    let key = field("key").map(CSV.restored).flatMap { $0.isEmpty ? nil : $0 }
    let idText = field("id") ?? ""
    func optional(_ name: String) -> String? { field(name).flatMap { $0.isEmpty ? nil : $0 } }
    return try fields.update(
      timestamp: field("timestamp")!, type: field("type")!, amount: field("amount")!,
      id: idText.isEmpty ? nil : idText, key: key, undoes: optional("undoes"), fare: optional("fare"),
      mode: optional("mode"),
      reason: optional("reason"), note: field("note").map(CSV.restored).flatMap { $0.isEmpty ? nil : $0 })
  }
}
