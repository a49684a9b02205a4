import MetroKit

/// The command-line tool as a library: parse, run one command against a
/// store, print, and return the exit status. `main.swift` only gathers the
/// process's arguments, environment and streams.
package enum MetroBuddy {
  /// The version `--version` prints.
  package static let version = "2.1.0"

  /// Every top-level command, in the order help lists them: the one list
  /// from which the parser, help, the man page and the completions derive.
  static var commands: [any CommandNode.Type] {
    [
      ShowCommand.self, SwipeCommand.self, ReloadCommand.self, BalanceCommand.self, FareCommand.self, KindCommand.self,
      ModeCommand.self,
      SerialCommand.self, ExpirationCommand.self, HistoryCommand.self, StatsCommand.self, CompareCommand.self,
      ReportCommand.self,
      UndoCommand.self,
      CardsCommand.self,
      CardCommand.self, DevicesCommand.self, CheckCommand.self, PlanCommand.self, ExportCommand.self,
      ImportCommand.self,
      VerifyCommand.self, PathsCommand.self,
      HelpCommand.self, CompletionCommand.self,
    ]
  }

  /// The command type at `path` (`["card", "add"]`), when it is one that runs.
  static func command(at path: [String]) -> (any Command.Type)? {
    var level = commands
    var found: (any CommandNode.Type)?
    for name in path {
      guard let next = level.first(where: { $0.spec.name == name }) else { return nil }
      found = next
      level = next.subcommands
    }
    return found?.runnable
  }

  /// The paths of every command that runs (`card add`), derived from ``commands``.
  static var commandPaths: [String] {
    func paths(_ nodes: [any CommandNode.Type], _ prefix: [String]) -> [[String]] {
      nodes.flatMap { node -> [[String]] in
        let path = prefix + [node.spec.name]
        return (node.runnable != nil ? [path] : []) + paths(node.subcommands, path)
      }
    }
    return paths(commands, []).map { $0.joined(separator: " ") }
  }

  /// The root command's own definition, without the commands below it.
  static let rootCommand = CommandSpec(
    name: "metrobuddy",
    abstract: .core(.rootAbstract),
    discussion: .core(.rootDiscussion),
    examples: [
      "metrobuddy                      # the card at a glance",
      "metrobuddy swipe                # record a ride",
      "metrobuddy reload 20",
      "metrobuddy history --limit 5",
      "metrobuddy --json | jq -r .balance",
    ])

  /// The whole tree of definitions, from which help, usage, the man page and
  /// the completions are generated. Parsing does not need it.
  static let root: CommandSpec = {
    var root = rootCommand
    root.subcommands = commands.map { $0.tree }
    return root
  }()

  static var parser: ArgumentParser {
    ArgumentParser(root: rootCommand, commands: commands, globalOptions: GlobalOptions.specs)
  }

  /// Help and usage text in a language, `width` columns wide.
  static func helpText(_ text: Localizer, width: Int = 80) -> HelpText {
    HelpText(root: root, globalOptions: GlobalOptions.specs, text: text, width: width)
  }

  /// Runs one invocation.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - environment: Variables, clock and time zone.
  ///   - output: Standard output.
  ///   - errors: Standard error.
  ///   - store: The store to use; when `nil`, `opener` opens one.
  ///   - opener: Opens the store the options and environment name when `store` is `nil`.
  /// - Returns: The exit status.
  package static func run(
    arguments: [String], environment: Environment, output: inout some TextOutputStream,
    errors: inout some TextOutputStream, store: (any MetroCardDataStore)? = nil,
    opening opener: any StoreOpening = FileStoreOpener()
  ) -> Int32 {
    let opener: any StoreOpening = store.map { GivenStoreOpener(store: $0) } ?? opener
    return run(arguments: arguments, environment: environment, output: &output, errors: &errors, openingWith: opener)
  }

  /// Runs one invocation on the store `opener` opens: what `main.swift` runs.
  /// It takes no optional store: destroying an `(any MetroCardDataStore)?`
  /// made the runtime build `Optional`'s metadata, 15% of `--version`'s
  /// instructions (decision 65).
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - environment: Variables, clock and time zone.
  ///   - output: Standard output.
  ///   - errors: Standard error.
  ///   - opener: Opens the store the options and environment name.
  /// - Returns: The exit status.
  package static func run(
    arguments: [String], environment: Environment, output: inout some TextOutputStream,
    errors: inout some TextOutputStream, openingWith opener: any StoreOpening
  ) -> Int32 {
    let text = Localizer(environment)
    var parsed: ParsedCommand
    do {
      parsed = try parser.parse(arguments)
      parsed.timeZone = environment.timeZone
    } catch {
      report(ErrorReport(error, text), text: text, width: environment.outputColumns, to: &errors)
      return ExitCode.usage.rawValue
    }
    if parsed[GlobalOptions.helpFlag] {
      output.write(helpText(text, width: environment.outputColumns).help(parsed.path) + "\n")
      return ExitCode.success.rawValue
    }
    if parsed.path == ["help"] {
      let path = parsed.arguments
      let help = helpText(text, width: environment.outputColumns)
      guard path.isEmpty || help.commands(along: path).count == path.count + 1 else {
        report(
          ErrorReport(
            UsageError(message: .unknownCommand(path.joined(separator: " "), suggestion: nil), path: ["help"]), text),
          text: text, width: environment.outputColumns, to: &errors)
        return ExitCode.usage.rawValue
      }
      output.write(help.help(path) + "\n")
      return ExitCode.success.rawValue
    }
    if parsed[GlobalOptions.versionFlag] {
      output.write(version + "\n")
      return ExitCode.success.rawValue
    }
    let path = parsed.path.isEmpty ? ["show"] : parsed.path
    guard let type = command(at: path) else {
      report(
        ErrorReport(UsageError(message: .missingSubcommand, path: parsed.path), text), text: text,
        width: environment.outputColumns, to: &errors)
      return ExitCode.usage.rawValue
    }

    let context: Context
    var command: any Command
    do {
      let options = try GlobalOptions(parsed, environment: environment)
      command = try type.init(parsed, environment: environment)
      context = try makeContext(
        options: options, environment: environment, opener: opener, path: parsed.path, text: text)
    } catch {
      report(ErrorReport(error, text), text: text, width: environment.outputColumns, to: &errors)
      return ExitCode.usage.rawValue
    }

    // A store others can write to is no longer the rider's alone: say so on
    // every command, even with --quiet, until it is fixed.
    if let directory = context.verifying?.directoryWritableByOthers() {
      errors.write(text(.storeWritableByOthers(directory: directory)) + "\n")
    }
    do throws(PreparationError) {
      try command.prepare(in: context)
    } catch {
      let failure: ErrorReport
      switch error {
      case .usage(let usage): failure = ErrorReport(usage, text)
      case .metro(let metro): failure = ErrorReport(metro, text)
      case .archive(let archive): failure = ErrorReport(archive, text)
      }
      sayStoreWarnings(context, to: &errors)
      report(failure, text: text, width: environment.outputColumns, to: &errors)
      return failure.exitCode.rawValue
    }
    do {
      let result = try command.run(in: context)
      // --quiet silences reports, not the payload of export.
      if !context.options.quiet || result.exitCode != .success || result.rawOutput {
        let json = context.options.json && !result.rawOutput
        if let stream = json ? result.streamJSON : result.streamText {
          // Written in pieces of about 64 KiB as the history is walked.
          var pending = ""
          try stream { piece in
            pending += piece
            if pending.utf8.count >= 1 << 16 {
              output.write(pending)
              pending = ""
            }
          }
          output.write(pending)
        } else {
          output.write(json ? JSONRenderer.text(result.json) : result.text)
        }
        if let note = result.note { errors.write(TerminalText.message(note) + "\n") }
      }
      if let warning = result.warning { errors.write(TerminalText.message(warning) + "\n") }
      sayStoreWarnings(context, to: &errors)
      // Whether a change was saved decides the wording of an output failure.
      if result.exitCode == .success, let reason = (output as? StandardStream)?.failureReason {
        errors.write(ErrorReport.outputFailure(reason: reason, result: result.json, text) + "\n")
        return ExitCode.ioError.rawValue
      }
      return result.exitCode.rawValue
    } catch {
      sayStoreWarnings(context, to: &errors)
      let report = ErrorReport(error, text, timeZone: environment.timeZone)
      self.report(report, text: text, width: environment.outputColumns, to: &errors)
      return report.exitCode.rawValue
    }
  }

  /// Says on stderr, once each, what the command's reads found wrong and
  /// still showed (a log that lost records), even with --quiet.
  static func sayStoreWarnings(_ context: Context, to errors: inout some TextOutputStream) {
    for finding in context.verifying?.takeWarnings() ?? [] {
      errors.write(context.text(.storeWarning(path: finding.path, problem: finding.problem)) + "\n")
    }
  }

  /// The exit status once the output is written: a command that succeeded
  /// but whose stdout could not be written (a full disk under `export > file`)
  /// exits 74 and says so; any change it made is saved.
  package static func finish(
    status: Int32, output: StandardStream, environment: Environment, errors: inout some TextOutputStream
  ) -> Int32 {
    guard status == ExitCode.success.rawValue, let reason = output.failureReason else { return status }
    let text = Localizer(environment)
    errors.write(text(.errorPrefix) + " " + text(.outputFailed(reason: reason, changed: false)) + "\n")
    return ExitCode.ioError.rawValue
  }

  /// Writes an error and, for a usage error, the command's usage (which
  /// needs the whole tree of definitions, so it is built only then).
  static func report(
    _ report: ErrorReport, text: Localizer, width: Int = 80, to errors: inout some TextOutputStream
  ) {
    errors.write(TerminalText.message(report.message) + "\n")
    if let path = report.usagePath { errors.write(helpText(text, width: width).usageFooter(path)) }
  }

  /// Chooses the store and the clock.
  static func makeContext(
    options: GlobalOptions, environment: Environment, opener: any StoreOpening, path: [String], text: Localizer
  ) throws(UsageError) -> Context {
    let style = Style.forOutput(
      isTerminal: environment.outputIsTerminal, environment: environment, noColorFlag: options.noColor)
    if let given = opener as? GivenStoreOpener {
      // A store passed in (by a test) needs no directory, lock timeout or device.
      let opened = given.open(environment)
      return Context(
        environment: environment, options: options, store: opened.store, verifying: opened.verifying,
        clock: opened.clock, text: text, style: style)
    }
    var timeout = 10.0
    if let setting = environment.value("METROBUDDY_LOCK_TIMEOUT") {
      guard let value = Double(setting), value >= 0, value <= 86_400,
        setting.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
      else {
        throw UsageError(message: .lockTimeoutInvalid(setting), path: path)
      }
      timeout = value
    }
    let opened: OpenedStore
    do {
      opened = try opener.open(
        StoreRequest(directory: options.storeDirectory, lockTimeout: timeout, environment: environment))
    } catch {
      switch error {
      case .noStoreLocation: throw UsageError(message: .noStoreLocation, path: path)
      case .invalidSetting(let detail): throw UsageError(message: .developer(detail), path: path)
      }
    }
    var environment = environment
    environment.clock = opened.clock
    return Context(
      environment: environment, options: options, store: opened.store, verifying: opened.verifying,
      clock: opened.clock, text: text, style: style)
  }
}
