import MetroKit

#if canImport(Glibc)
  import Glibc
#endif

/// `import FILE [--format json|csv|tfl|omny|presto]`: append updates to a card, all or nothing.
struct ImportCommand: Command {
  static let spec = CommandSpec(
    name: "import", abstract: .store(.importAbstract),
    discussion: .store(.importDiscussion),
    arguments: [ArgumentSpec(name: "file", help: .store(.importFileArgument))],
    options: [format.spec, again.spec],
    examples: [
      "metrobuddy import rides.csv", "metrobuddy import backup.json", "metrobuddy --card work import backup.json",
      "metrobuddy import - --format json < work.json",
    ])

  /// What `import` reads: metrobuddy's JSON or CSV, or an agency's trip history.
  enum Format: String, CaseIterable, Sendable {
    case json, csv
    /// TfL's journey history CSV.
    case tfl
    /// OMNY's trip history CSV, or a zip holding it.
    case omny
    /// WMATA SmarTrip's Card Usage CSV.
    case smartrip
    /// PATH's TAPP trip history CSV.
    case path
    /// PRESTO's Transit Usage Report CSV.
    case presto
  }

  /// `--format json|csv|tfl|omny|presto`; without it, the file's extension decides.
  static let format = Option<Format>.oneOf(
    "format", valueName: "format",
    help:
      .store(.importFormat),
    default: .json, problem: { .importFormat($0) }
  ).optional

  /// `--again`: rows without ids are added even when they all repeat rows already recorded.
  static let again = Flag("again", help: .store(.importAgain))

  var path: String
  /// `--again`.
  var again = false
  var format: Format?
  /// Whether `--format` named the format; without it, a CSV whose header is an agency's is read as that agency's.
  var formatGiven = false
  /// `--card` on the command line: with a backup of every card, only that card is restored.
  var only: String?
  /// The CSV read from a zip by ``prepare(in:)``, for an agency's trip history.
  var unzipped: [UInt8]?
  /// Progress, timed from ``prepare(in:)`` so that running `unzip` counts.
  var progress: Progress?

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    path = try Self.arguments(parsed, ["file"])[0]
    only = parsed.value("card")
    again = parsed[Self.again]
    if let value = try parsed[Self.format] {
      format = value
      formatGiven = true
    } else if path.lowercased().hasSuffix(".csv") {
      format = .csv
    } else if path.lowercased().hasSuffix(".json") {
      format = .json
    } else if UnzipRunner.isZip(path) {
      format = .omny
    } else if path != "-" {
      throw Self.usageError(.formatFromName(path), parsed)
    }
  }

  /// Reads the CSV of a zip to import, whose failures are the CLI's own
  /// (``ArchiveError``): MetroKit never unpacks anything.
  mutating func prepare(in context: Context) throws(PreparationError) {
    progress = Progress(environment: context.environment)
    guard format?.agency != nil, path != "-", UnzipRunner.isZip(path) else { return }
    do {
      unzipped = try UnzipRunner.firstCSV(
        inArchive: path, environment: context.environment.variables, maximumBytes: Self.maximumSize)
    } catch {
      throw .archive(ArchiveError(path: path, problem: error))
    }
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let progress = self.progress ?? Progress(environment: context.environment)
    if let agency = format?.agency {
      return try importHistory(agency, bytes: nil, in: context, progress: progress)
    }
    // A long file, or standard input, is read a stretch at a time (its head
    // tells its format); a short one is held.
    var (bytes, file) =
      path == "-" ? try ImportedFile.standardInput(context.environment) : try ImportedFile.head(of: path)
    let source = path == "-" ? "standard input" : path
    try Self.checkSize(bytes.count, source: source)
    let format =
      self.format
      ?? (bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }.map {
        $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[")
      } == true ? .json : .csv)
    // A CSV without --format is read in the format its header names.
    if let whole = file, format == .csv, !formatGiven, AgencyFormat.recognised(bytes) != nil {
      bytes = try whole.whole()
      file = nil
    }
    if !formatGiven, format == .csv, let agency = AgencyFormat.recognised(bytes) {
      return try importHistory(agency, bytes: bytes, in: context, progress: progress)
    }
    let text: any ImportText = file ?? ImportBytes(bytes)
    progress.report(context.text(.importReading(source)))
    let timeZone = context.environment.timeZone
    let shape = format == .json ? try Interchange.jsonShape(text, source: source) : nil
    if case .backup(let cards)? = shape {
      let backup = try Interchange.backup(cards, text: text, source: source, timeZone: timeZone)
      return try restore(backup, source: source, in: context, progress: progress)
    }
    let card = try context.selectedCard()
    let keepingRecorded = context.options.json
    let result: ImportResult
    do throws(MetroError) {
      if let shape {
        let rows = try Interchange.jsonRows(
          shape, text: text, source: source, currency: card.currency, timeZone: timeZone)
        // As when the file was read whole: a bad update anywhere in it is
        // named before a bad card attribute, or a row the store refuses.
        do throws(MetroError) {
          let attributes = try Interchange.cardAttributes(of: shape, source: source, currency: card.currency)
          result = try context.store.importUpdates(
            counted(rows, in: context, progress: progress), attributes: attributes, to: card,
            keepingRecorded: keepingRecorded)
        } catch {
          if case .importMalformed(let named, _, _, _) = error, named.isEmpty || named == source {
            try rows.forEachRow { _ in }
          }
          throw error
        }
      } else {
        // Read as the store decides and writes: the rows are never all held.
        let rows = CSVImportRows(text: text, source: source, currency: card.currency, timeZone: timeZone)
        do throws(MetroError) {
          result = try context.store.importUpdates(
            counted(rows, in: context, progress: progress), attributes: try rows.attributes(of: card.snapshot),
            to: card, keepingRecorded: keepingRecorded)
        } catch {
          if formatGiven || Interchange.namesOwnColumn(bytes) { throw error }
          throw Self.headerOfNoFormat(error)
        }
      }
    } catch {
      guard case .importMalformed(let named, let line, let column, let problem) = error else { throw error }
      // A row the file could not give is named already; a row the store
      // refused is named by its number: give the file and the form of the position.
      if !named.isEmpty { throw error }
      if format == .json, line > 0 || column != nil {
        let field: String? = if case .column(let name)? = column { name } else { nil }
        throw .importMalformed(source: source, line: 0, column: .update(line, field: field), problem: problem)
      }
      throw .importMalformed(source: source, line: line, column: column, problem: problem)
    }
    return output(result, in: context, progress: progress)
  }

  /// Rows that report how many there are once the store has read them.
  private func counted<Rows: ImportedRows>(_ rows: Rows, in context: Context, progress: Progress) -> CountedRows<Rows> {
    CountedRows(base: rows, addsRepeats: again) { count in progress.report(context.text(.importSaving(count))) }
  }

  /// For a CSV read without --format whose header names none of
  /// metrobuddy's columns: an error about its header says which `--format`
  /// each kind of file needs instead.
  static func headerOfNoFormat(_ error: MetroError) -> MetroError {
    guard case .importMalformed(let source, let line, _, let problem) = error else { return error }
    switch problem {
    case .unknownColumn, .missingColumn, .byteOrderMarkInColumnName, .duplicateColumn:
      return .importMalformed(source: source, line: line, column: nil, problem: .headerOfNoFormat)
    default: return error
    }
  }

  /// The summary of an import of metrobuddy's CSV or JSON.
  private func output(_ result: ImportResult, in context: Context, progress: Progress) -> CommandOutput {
    progress.finish()
    let after = result.card.snapshot
    let text =
      Self.importedText(count: result.imported, skipped: result.skipped, card: after, context: context) + "\n"
    return CommandOutput(
      text: text, json: JSONRenderer.change(card: after, recorded: result.recorded, at: context.moment))
  }

  /// Restores a backup of every card (or, with `--card`, that card of it),
  /// creating missing cards, all or nothing.
  private func restore(
    _ backup: [BackupCard], source: String, in context: Context, progress: Progress
  ) throws(MetroError) -> CommandOutput {
    var cards = backup
    if again {
      for index in cards.indices { cards[index].updates = RepeatedRows(base: cards[index].updates) }
    }
    if let only {
      // Every card's updates are checked, as when the file was read whole.
      try Interchange.checkUpdates(of: backup)
      cards = backup.filter { $0.name == only }
      guard !cards.isEmpty else {
        throw .importMalformed(
          source: source, line: 0, column: nil, problem: .backupHasNoCard(only, available: backup.map(\.name)))
      }
    }
    let results: [ImportResult]
    do {
      results = try context.store.restore(cards, keepingRecorded: context.options.json)
    } catch {
      guard case .importMalformed(let named, let line, let column, let problem) = error else { throw error }
      // A card or row the store refused: a bad update anywhere in the
      // file is named first, as when it was read whole.
      if named.isEmpty { try Interchange.checkUpdates(of: cards) }
      throw .importMalformed(source: source, line: line, column: column, problem: problem)
    }
    progress.finish()
    var text = ""
    for result in results {
      let after = result.card.snapshot
      text +=
        Self.importedText(count: result.imported, skipped: result.skipped, card: after, context: context) + "\n"
    }
    let json = JSONValue.array(
      results.map { JSONRenderer.change(card: $0.card.snapshot, recorded: $0.recorded, at: context.moment) })
    return CommandOutput(text: text, json: json)
  }

  /// The whole file, with a missing file told apart from an unreadable one.
  static func read(_ path: String) throws(MetroError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .importUnreadable(path: path, errno: errno)
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .importUnreadable(path: path, errno: errno)
      }
      if count == 0 { return bytes }
      bytes += buffer[0..<count]
      try checkSize(bytes.count, source: path)
    }
  }

  /// The most an import reads: far more than any history (100,000 updates
  /// are about 6 MiB of CSV), and a stop for `/dev/zero` or an endless pipe.
  static let maximumSize = 256 << 20

  static func checkSize(_ count: Int, source: String) throws(MetroError) {
    guard count <= maximumSize else {
      throw .importMalformed(source: source, line: 0, column: nil, problem: .tooLarge(maximumBytes: maximumSize))
    }
  }
}

/// Rows that count themselves as the store first reads them, and say how
/// many there are when it reads them again to save them.
struct CountedRows<Base: ImportedRows>: ImportedRows {
  let base: Base
  /// `--again`.
  let addsRepeats: Bool
  let saving: (Int) -> Void
  private let counted = Counter()

  init(base: Base, addsRepeats: Bool, saving: @escaping (Int) -> Void) {
    self.base = base
    self.addsRepeats = addsRepeats
    self.saving = saving
  }

  final class Counter {
    var rows = 0
    var readings = 0
  }

  func forEachRow(_ body: (ImportedUpdate) throws(MetroError) -> Void) throws(MetroError) {
    counted.readings += 1
    if counted.readings == 1 {
      try base.forEachRow { row throws(MetroError) in
        counted.rows += 1
        try body(row)
      }
    } else {
      saving(counted.rows)
      try base.forEachRow(body)
    }
  }
}

/// A backup card's rows with `--again`: those without ids are added even
/// when they all repeat rows already recorded.
struct RepeatedRows: ImportedRows {
  let base: any ImportedRows
  var addsRepeats: Bool { true }

  func forEachRow(_ body: (ImportedUpdate) throws(MetroError) -> Void) throws(MetroError) {
    try base.forEachRow(body)
  }
}

/// Progress on stderr for long imports: only on a terminal, and only once
/// the work has taken `progressDelay` (half a second).
final class Progress {
  let environment: Environment
  let start: Double
  var shown = false

  init(environment: Environment) {
    self.environment = environment
    start = Self.now()
  }

  func report(_ message: String) {
    guard environment.errorIsTerminal, Self.now() - start >= environment.progressDelay else { return }
    environment.writeProgress("\r\u{1B}[K" + message)
    shown = true
  }

  func finish() {
    guard shown else { return }
    environment.writeProgress("\r\u{1B}[K")
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
