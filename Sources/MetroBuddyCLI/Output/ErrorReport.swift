import MetroKit

#if canImport(Glibc)
  import Glibc
#endif

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

  init(_ error: UsageError, _ text: Localizer) {
    self.init(message: text(.errorPrefix) + " " + text(error.message), exitCode: .usage, usagePath: error.path)
  }

  /// A zip to import that could not be read: no `unzip` is 69, anything else 65.
  init(_ error: ArchiveError, _ text: Localizer) {
    let exitCode: ExitCode = if case .unzipMissing = error.problem { .unavailable } else { .dataError }
    self.init(
      message: text(.errorPrefix) + " " + text(.archive(path: error.path, problem: error.problem)), exitCode: exitCode)
  }

  /// The report of `error`; a time in it is shown in `timeZone`, the machine's.
  init(_ error: MetroError, _ text: Localizer, timeZone: LocalTimeZone = .utc) {
    func money(_ amount: Money, _ currency: Currency) -> String { text.money(amount, currency) }
    func failure(_ message: Message, _ code: ExitCode) -> ErrorReport {
      ErrorReport(message: text(.errorPrefix) + " " + text(message), exitCode: code)
    }
    switch error {
    case .insufficientFare(let balance, let needed, let count, let currency):
      let refusal =
        count == 1
        ? text(.insufficientFare(balance: money(balance, currency), fare: money(needed, currency)))
        : text(
          .insufficientFareForRides(count: count, total: money(needed, currency), balance: money(balance, currency)))
      self.init(message: refusal + "\n" + text(.insufficientFareHint), exitCode: .refused)
    case .noFare(.express, let date, _, true):
      // No source gives the reduced express fare: the rider records it by hand.
      self.init(message: text(.reducedExpressUnknown(date: text.date(date))), exitCode: .usage)
    case .noFare(let mode, let date, _, let reduced):
      self.init(message: text(.noFare(mode: mode, date: text.date(date), reduced: reduced)), exitCode: .refused)
    case .notStoredValue(let kind):
      self = failure(.notStoredValue(kind), .usage)
    case .reloadLimit(let refusal, let currency):
      let canLoad = refusal.canLoad > .zero ? money(refusal.canLoad, currency) : nil
      switch refusal.limit {
      case .balance(let limit):
        self.init(
          message: text(.reloadOverBalance(limit: money(limit, currency), canLoad: canLoad)), exitCode: .usage)
      case .loaded(let limit, let hours):
        let until = refusal.until.map { text.weekdayTime($0, in: timeZone) }
        self.init(
          message: text(.reloadOverWindow(limit: money(limit, currency), hours: hours, canLoad: canLoad, until: until)),
          exitCode: .usage)
      }
    case .kindRefused(let refusal):
      var balance: String?
      if case .balanceNotZero(let amount, let currency, _) = refusal { balance = money(amount, currency) }
      self = failure(.kindRefused(refusal, balance: balance), .usage)
    case .expiredCard(let date):
      self.init(message: text(.expiredCard(date: text.date(date))) + "\n" + text(.expiredCardHint), exitCode: .refused)
    case .nothingToUndo:
      self.init(message: text(.nothingToUndo), exitCode: .refused)
    case .noPace:
      self.init(message: text(.noPace) + "\n" + text(.noPaceHint), exitCode: .refused)
    case .invalidAmount(let value, let reason):
      self = failure(.invalidAmountValue(value, reason: reason), .usage)
    case .invalidCardName(let name):
      self = failure(.invalidCardName(name), .usage)
    case .invalidText(let field, let value):
      self = failure(.invalidText(field: field, value: value), .usage)
    case .invalidNote(let problem):
      self = failure(.noteRefused(problem), .usage)
    case .invalidCount(let count):
      self = failure(.invalidCount(count), .usage)
    case .cardNotFound(let name, let available):
      self = failure(
        .cardNotFound(name: name, suggestion: Suggestion.closest(to: name, among: available), available: available),
        .usage)
    case .cardExists(let name):
      self = failure(.cardExists(name), .usage)
    case .cannotRemoveDefaultCard(let name):
      self = failure(.cannotRemoveDefault(name), .usage)
    case .cannotMerge(let keep, let other, let reason):
      self = failure(.cannotMerge(keep: keep, other: other, reason: reason), .usage)
    case .cannotRetire(let device, .thisDevice):
      self = failure(.cannotRetireThisDevice(TerminalText.escaped(device)), .usage)
    case .cannotRetire(let device, .unknownDevice):
      self = failure(.cannotRetireUnknown(TerminalText.escaped(device)), .usage)
    case .cannotRetire(let device, .lostRecords(let first, let last)):
      self = failure(.cannotRetireLostRecords(device, first: first, last: last), .dataError)
    case .balanceOutOfRange:
      self = failure(.balanceOutOfRange, .usage)
    case .timeOutOfRange(let time):
      self = failure(.timeOutOfRange(Timestamp.iso8601(time)), .usage)
    case .timeInFuture(let time, let now):
      self = failure(.timeInFuture(time: Timestamp.iso8601(time), now: Timestamp.iso8601(now)), .usage)
    case .clockOutOfRange(let now):
      self = failure(.clockOutOfRange(Timestamp.iso8601(now)), .ioError)
    case .storeDamaged(let path, _, .upgradeNotArrived):
      // Not damage: a synchroniser still at work, and a retry later works.
      self = failure(.upgradeNotArrived(path: path), .busy)
    case .storeDamaged(let path, _, let problem) where problem.isOwnLogLoss:
      self = failure(.ownLogRefused(path: path, problem: problem), .dataError)
    case .storeDamaged(let path, let line, let problem):
      self = failure(.storeDamaged(path: path, line: line, problem: problem), .dataError)
    case .storeFromNewerVersion(let path, let version, let supported):
      self = failure(.storeFromNewerVersion(path: path, version: version, supported: supported), .dataError)
    case .invalidDeviceID(let id, .environment):
      self = failure(.invalidDeviceID(TerminalText.escaped(id), file: nil), .usage)
    case .invalidDeviceID(let id, .file(let file)):
      // The file's own text, newlines and all: shown escaped.
      self = failure(.invalidDeviceID(TerminalText.escaped(id), file: file), .dataError)
    case .deviceIDUnsaved(let path?, let errno):
      self = failure(.deviceIDUnsaved(path: path, reason: systemErrorText(errno)), .ioError)
    case .deviceIDUnsaved(nil, _):
      // Like a store without HOME: the environment is missing a setting.
      self = failure(.deviceIDUnsaved(path: nil, reason: ""), .usage)
    case .importUnreadable(let path, let errno):
      self = failure(.importUnreadable(path: path, reason: systemErrorText(errno)), .ioError)
    case .storeIO(let path, let operation, let errno):
      self = failure(.storeIO(verb: Self.verb(operation), path: path, reason: systemErrorText(errno)), .ioError)
    case .savedDurabilityUnconfirmed(let path, let errno):
      self = failure(.savedDurabilityUnconfirmed(path: path, reason: systemErrorText(errno)), .ioError)
    case .storeBusy(let path, let waited):
      self = failure(.storeBusy(path: path, seconds: Self.seconds(waited)), .busy)
    case .writeFailed(let path, .wouldNotReadBack(let problem)):
      // The store's data (amounts merged from devices apart) is what refuses it.
      self = failure(.writeFailed(path: path, reason: .wouldNotReadBack(problem)), .dataError)
    case .writeFailed(let path, let reason):
      self = failure(.writeFailed(path: path, reason: reason), .ioError)
    case .importMalformed(let source, let line, let column, let problem):
      self = failure(.importMalformed(source: source, line: line, column: column, problem: problem), .dataError)
    }
  }

  /// The message for standard output that could not be written: a change
  /// (the `--json` form `{"card", "updates"}`) was saved; a read-only command
  /// saved nothing and must not say it did.
  static func outputFailure(reason: String, result: JSONValue, _ text: Localizer) -> String {
    var changed = false
    if case .object(let members) = result {
      changed = members.map(\.0) == ["card", "updates"]
    }
    return text(.errorPrefix) + " " + text(.outputFailed(reason: reason, changed: changed))
  }

  static func verb(_ operation: StoreOperation) -> IOVerb {
    switch operation {
    case .open, .stat, .openDirectory: .open
    case .read: .read
    case .makeDirectory: .create
    case .lock: .lock
    case .write, .fsync, .close, .rename, .truncate, .chmod, .chown, .unlink, .removeDirectory, .syncFileSystem,
      .unknown:
      .write
    }
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}

/// The system's own description of an error number (`strerror(3)`): the C
/// library's text, which follows the system's locale rather than ours.
func systemErrorText(_ number: Int32) -> String {
  String(cString: strerror(number))
}
