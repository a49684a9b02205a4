import FoundationEssentials
import MetroKit

/// A command: its definition, a validating initialiser that turns parsed
/// arguments into typed values (usage errors, exit 64), and `run`, which asks
/// MetroKit to decide and returns what to print.
protocol Command {
  static var spec: CommandSpec { get }
  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError)
  func run(in context: Context) throws(MetroError) -> CommandOutput
}

extension Command {
  static func usageError(_ message: String, _ parsed: ParsedCommand) -> UsageError {
    UsageError(message: message, path: parsed.path)
  }

  /// The single positional argument, or `nil` when none is given.
  static func optionalArgument(_ parsed: ParsedCommand) throws(UsageError) -> String? {
    guard parsed.arguments.count <= 1 else {
      throw usageError("Unexpected argument '\(parsed.arguments[1])'.", parsed)
    }
    return parsed.arguments.first
  }

  /// Exactly `count` positional arguments, named for the error.
  static func arguments(_ parsed: ParsedCommand, _ names: [String]) throws(UsageError) -> [String] {
    if parsed.arguments.count < names.count {
      throw usageError("Missing expected argument '<\(names[parsed.arguments.count])>'.", parsed)
    }
    if parsed.arguments.count > names.count {
      throw usageError("Unexpected argument '\(parsed.arguments[names.count])'.", parsed)
    }
    return parsed.arguments
  }

  /// An AMOUNT, parsed strictly.
  static func amount(_ text: String, for name: String, _ parsed: ParsedCommand, positive: Bool) throws(UsageError)
    -> Money
  {
    let value: Money
    do { value = try Money.parse(text) } catch {
      throw usageError("Invalid value for '\(name)': \(error.message)", parsed)
    }
    if positive, value == .zero {
      throw usageError("Invalid value for '\(name)': the amount must be more than zero.", parsed)
    }
    return value
  }

  /// A `--at` TIME.
  static func time(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) -> Date? {
    guard let text = parsed.value("at") else { return nil }
    guard let date = Timestamp.parse(text, in: environment.timeZone) else {
      throw usageError(
        "Invalid value for '--at <time>': '\(text)' is not a time; write YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], optionally with Z or ±HH:MM.",
        parsed)
    }
    return date
  }

  /// A DATE.
  static func date(_ text: String, for name: String, _ parsed: ParsedCommand) throws(UsageError) -> CalendarDate {
    guard let date = CalendarDate(iso: text) else {
      throw usageError("Invalid value for '\(name)': '\(text)' is not a date that exists; write YYYY-MM-DD.", parsed)
    }
    return date
  }

  /// A change's output: a confirmation line and the card.
  static func changed(_ text: String, _ result: UpdateResult) -> CommandOutput {
    CommandOutput(
      text: text + "\n",
      json: JSONRenderer.change(card: result.card.snapshot, recorded: result.recorded.map(\.snapshot)))
  }
}
