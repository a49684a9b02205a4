import MetroKit

#if canImport(Glibc)
  import Glibc
#endif

/// Everything metrobuddy takes from the process: environment variables, the
/// clock, the time zone and whether output is a terminal.
package struct Environment: Sendable {
  /// Where the variables come from: a dictionary (tests), or the process's
  /// own environment, looked up one name at a time (copying every variable
  /// into a dictionary cost a fifth of `--version`).
  package enum Variables: Sendable {
    case given([String: String])
    case process
  }

  /// The environment variables' source.
  package var source: Variables

  /// Every environment variable (for a process this command starts).
  package var variables: [String: String] {
    switch source {
    case .given(let variables): variables
    case .process: ProcessSetup.environmentVariables()
    }
  }
  /// The current time.
  package var clock: Clock
  /// Local time, for calendar days.
  package var timeZone: LocalTimeZone
  /// Whether standard output is a terminal (for colour).
  package var outputIsTerminal: Bool
  /// Whether standard error is a terminal (for progress reports).
  package var errorIsTerminal: Bool
  /// The width of the terminal standard output is, in columns; `nil` when
  /// it is not a terminal or does not say.
  package var terminalColumns: Int?
  /// Hands its argument standard input a stretch at a time, until the
  /// input ends or the argument returns `false`.
  package var readStandardInput: @Sendable (_ stretch: (ArraySlice<UInt8>) -> Bool) -> Void
  /// Writes a progress report to standard error, as it happens.
  package var writeProgress: @Sendable (String) -> Void
  /// How long a long-running command works before it reports progress, in seconds.
  package var progressDelay: Double

  /// Creates an environment.
  package init(
    variables: [String: String], clock: Clock = .live, timeZone: LocalTimeZone = .system,
    outputIsTerminal: Bool = false, errorIsTerminal: Bool = false, terminalColumns: Int? = nil,
    readStandardInput: @escaping @Sendable (_ stretch: (ArraySlice<UInt8>) -> Bool) -> Void = { _ in },
    writeProgress: @escaping @Sendable (String) -> Void = { _ in }, progressDelay: Double = 0.5
  ) {
    self.init(
      source: .given(variables), clock: clock, timeZone: timeZone, outputIsTerminal: outputIsTerminal,
      errorIsTerminal: errorIsTerminal, terminalColumns: terminalColumns, readStandardInput: readStandardInput,
      writeProgress: writeProgress, progressDelay: progressDelay)
  }

  /// Creates an environment whose variables come from `source`.
  package init(
    source: Variables, clock: Clock = .live, timeZone: LocalTimeZone = .system,
    outputIsTerminal: Bool = false, errorIsTerminal: Bool = false, terminalColumns: Int? = nil,
    readStandardInput: @escaping @Sendable (_ stretch: (ArraySlice<UInt8>) -> Bool) -> Void = { _ in },
    writeProgress: @escaping @Sendable (String) -> Void = { _ in }, progressDelay: Double = 0.5
  ) {
    self.writeProgress = writeProgress
    self.progressDelay = progressDelay
    self.outputIsTerminal = outputIsTerminal
    self.source = source
    self.clock = clock
    self.timeZone = timeZone
    self.errorIsTerminal = errorIsTerminal
    self.terminalColumns = terminalColumns
    self.readStandardInput = readStandardInput
  }

  /// How wide output may be, in columns: the terminal's width when standard
  /// output is a terminal that says, else `COLUMNS` when it is a whole number
  /// of 1 or more, else 80.
  package var outputColumns: Int {
    if outputIsTerminal, let terminalColumns, terminalColumns > 0 { return terminalColumns }
    if let text = value("COLUMNS"), text.allSatisfy({ $0.isASCII && $0.isNumber }), let columns = Int(text),
      columns > 0
    {
      return columns
    }
    return 80
  }

  /// A variable's value, treating an empty one as unset.
  package func value(_ name: String) -> String? {
    guard let value = rawValue(name), !value.isEmpty else { return nil }
    return value
  }

  /// `HOME` when it is an absolute path; `nil` when it is unset, empty or
  /// relative, so that no folder is ever placed relative to the working
  /// directory (the store, this device's state and its cache alike).
  package var home: String? { value("HOME").flatMap { $0.hasPrefix("/") ? $0 : nil } }

  /// A variable's value as it is set, empty or not.
  package func rawValue(_ name: String) -> String? {
    switch source {
    case .given(let variables): return variables[name]
    case .process: return getenv(name).map { String(cString: $0) }
    }
  }
}
