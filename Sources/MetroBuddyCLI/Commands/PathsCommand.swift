import FoundationEssentials
import MetroKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One folder metrobuddy uses, by the name `paths` takes.
enum PathsFolder: String, CaseIterable, Sendable {
  /// The store: the cards and every device's log; the folder to synchronise.
  case store
  /// This device's id and where its log ended: never synchronised.
  case state
  /// This device's cache of the merged logs: never synchronised.
  case cache
}

/// `paths [store|state|cache]`, `paths --env`: the folders this run uses, as the
/// options and the environment name them (decision 95), so that recipes and
/// scripts never guess; `--env` prints them as variable settings for a
/// crontab, whose jobs see none of the shell's.
struct PathsCommand: Command {
  static let spec = CommandSpec(
    name: "paths", abstract: .store(.pathsAbstract),
    discussion: .store(.pathsDiscussion),
    arguments: [ArgumentSpec(name: "folder", help: .store(.pathsFolderArgument), isOptional: true)],
    options: [env.spec],
    examples: [
      "metrobuddy paths", "metrobuddy paths store", "cd \"$(metrobuddy paths store)\"",
      "metrobuddy paths --env        # the first lines of a crontab",
    ])

  /// `--env`.
  static let env = Flag("env", help: .store(.pathsEnv))

  /// What was asked for.
  enum Request: Equatable {
    /// Every folder with what it holds (no name given).
    case table
    /// One folder's path, on a line of its own.
    case folder(PathsFolder)
    /// The settings that name these folders, `NAME=VALUE` a line.
    case environment
  }

  var request: Request
  /// Each folder's absolute path.
  var paths: [PathsFolder: String]
  /// `--env`'s settings, in order.
  var settings: [(name: String, value: String)]

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    let options = try GlobalOptions(parsed, environment: environment)
    if let text = try Self.optionalArgument(parsed) {
      guard let folder = PathsFolder(rawValue: text) else {
        throw Self.usageError(.invalidValue(name: "<folder>", problem: .pathsFolder(text)), parsed)
      }
      // --env names every folder.
      guard !parsed[Self.env] else { throw Self.usageError(.unexpectedArgument(text), parsed) }
      request = .folder(folder)
    } else {
      request = parsed[Self.env] ? .environment : .table
    }
    let store = StoreRequest(directory: options.storeDirectory, lockTimeout: 0, environment: environment)
    let found: [PathsFolder: String?] = [
      .store: store.directory, .state: store.stateDirectory, .cache: store.cacheDirectory,
    ]
    paths = [:]
    for folder in PathsFolder.allCases where request == .folder(folder) || request == .table || request == .environment
    {
      guard let path = found[folder] ?? nil else {
        throw Self.usageError(.pathsNoFolder(folder), parsed)
      }
      paths[folder] = Self.absolute(path)
    }
    let homes = [store.stateHome, store.cacheHome].map { $0.map(Self.absolute) }
    settings = [
      ("METROBUDDY_STORE", paths[.store] ?? ""), ("XDG_STATE_HOME", homes[0] ?? ""), ("XDG_CACHE_HOME", homes[1] ?? ""),
    ]
    // An id set by the environment is this device's only while it is set.
    if let device = environment.value("METROBUDDY_DEVICE") { settings.append(("METROBUDDY_DEVICE", device)) }
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    switch request {
    case .table:
      let width = PathsFolder.allCases.map { TerminalText.escaped(paths[$0] ?? "").count }.max() ?? 0
      let text = PathsFolder.allCases.map { folder in
        folder.rawValue.padding(to: 5) + "  " + TerminalText.escaped(paths[folder] ?? "").padding(to: width) + "  "
          + context.text(.pathsPurpose(folder)) + "\n"
      }
      return CommandOutput(
        text: text.joined(),
        json: .object(PathsFolder.allCases.map { ($0.rawValue, .string(paths[$0])) }))
    case .folder(let folder):
      return CommandOutput(
        text: (paths[folder] ?? "") + "\n", json: .object([(folder.rawValue, .string(paths[folder]))]))
    case .environment:
      return CommandOutput(
        text: settings.map { $0.name + "=" + Self.shellWord($0.value) + "\n" }.joined(),
        json: .object(settings.map { ($0.name, .string($0.value)) }))
    }
  }

  /// `path` from the working directory when it is relative: the folder a
  /// run in another directory (cron's is HOME) must be given.
  static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (directory == "/" ? "" : directory) + "/" + path
  }

  /// `value` as one word for `sh` and for a crontab's `NAME=VALUE` line:
  /// as it is when it needs no quoting, else in single quotes.
  static func shellWord(_ value: String) -> String {
    let plain = value.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
          || "/._-+,:@".unicodeScalars.contains(scalar))
    }
    guard !plain || value.isEmpty else { return value }
    return "'" + value.replacing("'", with: "'\\''") + "'"
  }
}
