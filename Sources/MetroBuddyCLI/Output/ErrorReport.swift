import MetroKit

/// What the person sees when a command fails, and the exit status: every
/// `MetroError` is mapped here and nowhere else.
struct ErrorReport: Equatable {
  var message: String
  var exitCode: ExitCode
  /// For usage errors: show the usage of this command path after the message.
  var usagePath: [String]? = nil

  init(message: String, exitCode: ExitCode, usagePath: [String]? = nil) {
    self.message = message
    self.exitCode = exitCode
    self.usagePath = usagePath
  }

  init(_ error: UsageError) {
    self.init(message: "Error: " + error.message, exitCode: .usage, usagePath: error.path)
  }

  init(_ error: MetroError) {
    switch error {
    case .insufficientFare(let balance, let fare, let count, let currency):
      let detail =
        count == 1
        ? "the balance \(balance.formatted(in: currency)) does not cover the \(fare.formatted(in: currency)) fare."
        : "\(count) rides cost \(Money(minorUnits: fare.minorUnits * Int64(count)).formatted(in: currency)); the balance is \(balance.formatted(in: currency))."
      self.init(
        message: "INSUFFICIENT FARE: \(detail)\nNothing was recorded. Add money with 'metrobuddy reload <amount>'.",
        exitCode: .refused)
    case .expiredCard(let date):
      self.init(
        message: "EXPIRED CARD: the card expired on \(date).\nNothing was recorded. For a new card, set its date with 'metrobuddy expiration <date>'.",
        exitCode: .refused)
    case .nothingToUndo:
      self.init(message: "Nothing to undo: every balance update on this card is already undone.", exitCode: .refused)
    case .invalidAmount(let text, let reason):
      self.init(message: "Error: Invalid amount '\(text)'. \(reason)", exitCode: .usage)
    case .invalidCardName(let name):
      self.init(
        message: "Error: Invalid card name '\(name)': use 1 to 32 of a-z, 0-9, '-' and '_', starting with a letter or digit.",
        exitCode: .usage)
    case .invalidText(let field, let value):
      self.init(
        message: "Error: Invalid \(field) '\(value)': it must be 1 to \(CardRules.maximumTextLength) characters, without control characters or surrounding spaces.",
        exitCode: .usage)
    case .invalidCount(let count):
      self.init(message: "Error: Invalid count \(count): swipe 1 to \(CardRules.maximumSwipeCount) rides at a time.", exitCode: .usage)
    case .cardNotFound(let name, let available):
      var message = "Error: No card named '\(name)'."
      if let suggestion = Suggestion.closest(to: name, among: available) { message += " Did you mean '\(suggestion)'?" }
      message += available.isEmpty ? "" : "\nCards: \(available.joined(separator: ", ")). Add one with 'metrobuddy card add <name>'."
      self.init(message: message, exitCode: .usage)
    case .cardExists(let name):
      self.init(message: "Error: A card named '\(name)' already exists; choose another name.", exitCode: .usage)
    case .cannotRemoveDefaultCard(let name):
      self.init(
        message: "Error: '\(name)' is the default card and cannot be removed.\nMake another card the default first with 'metrobuddy card use <name>'.",
        exitCode: .usage)
    case .balanceOutOfRange:
      self.init(message: "Error: The balance would be out of range (below 0.00 or above 10000000000.00).", exitCode: .usage)
    case .staleReference:
      self.init(message: "Error: The card changed or was removed by another command; run the command again.", exitCode: .usage)
    case .storeDamaged(let path, let line, let detail):
      let place = line.map { "\(path), line \($0)" } ?? path
      self.init(
        message: "Error: The store is damaged: \(place): \(detail).\nNothing was changed. Restore the file from a backup, or move the store aside to start again.",
        exitCode: .dataError)
    case .storeFromNewerVersion(let path, let version, let supported):
      self.init(
        message: "Error: \(path) was written by a newer metrobuddy (format \(version); this one reads up to \(supported)).\nNothing was changed. Upgrade metrobuddy to use this store.",
        exitCode: .dataError)
    case .storeIO(let path, let operation, _, let reason):
      self.init(
        message: "Error: Cannot \(Self.verb(operation)) \(path): \(reason).\nCheck the permissions and free space of the store, or choose another with --store.",
        exitCode: .ioError)
    case .savedDurabilityUnconfirmed(let path, let reason):
      self.init(
        message: "Error: The change was saved, but syncing \(path) to disk failed: \(reason).\nIt may be lost if the machine loses power now.",
        exitCode: .ioError)
    case .storeBusy(let path, let waited):
      self.init(
        message: "Error: The store \(path) is busy: another metrobuddy held its lock for \(Self.seconds(waited)) s.\nNothing was changed. Try again, or set METROBUDDY_LOCK_TIMEOUT to wait longer.",
        exitCode: .busy)
    case .importMalformed(let source, let line, let column, let detail):
      let place = (line > 0 ? ", line \(line)" : "") + (column.map { line > 0 ? ", column '\($0)'" : ", \($0)" } ?? "")
      self.init(
        message: "Error: Cannot import \(source)\(place): \(detail).\nNothing was imported.", exitCode: .dataError)
    case .writeFailed(let path, let reason):
      self.init(message: "Error: Cannot save to \(path): \(reason).\nNothing was changed.", exitCode: .ioError)
    }
  }

  static func verb(_ operation: String) -> String {
    switch operation {
    case "open", "stat", "opendir": "open"
    case "read": "read"
    case "mkdir": "create"
    case "flock": "lock"
    default: "write"
    }
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
