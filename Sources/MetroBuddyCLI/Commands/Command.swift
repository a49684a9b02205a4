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
  static func usageError(_ message: Message, _ parsed: ParsedCommand) -> UsageError {
    UsageError(message: message, path: parsed.path)
  }

  /// The single positional argument, or `nil` when none is given.
  static func optionalArgument(_ parsed: ParsedCommand) throws(UsageError) -> String? {
    guard parsed.arguments.count <= 1 else {
      throw usageError(.unexpectedArgument(parsed.arguments[1]), parsed)
    }
    return parsed.arguments.first
  }

  /// Exactly `count` positional arguments, named for the error.
  static func arguments(_ parsed: ParsedCommand, _ names: [String]) throws(UsageError) -> [String] {
    if parsed.arguments.count < names.count {
      throw usageError(.missingArgument(names[parsed.arguments.count]), parsed)
    }
    if parsed.arguments.count > names.count {
      throw usageError(.unexpectedArgument(parsed.arguments[names.count]), parsed)
    }
    return parsed.arguments
  }

  /// An AMOUNT, parsed strictly.
  static func amount(_ text: String, for name: String, _ parsed: ParsedCommand, positive: Bool) throws(UsageError)
    -> Money
  {
    let value: Money
    do { value = try Money.parse(text) } catch {
      throw usageError(.invalidValue(name: name, problem: .amount(error.reason, text: error.text)), parsed)
    }
    if positive, value == .zero {
      throw usageError(.invalidValue(name: name, problem: .amountNotPositive), parsed)
    }
    return value
  }

  /// A `--at` TIME.
  static func time(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) -> Date? {
    guard let text = parsed.value("at") else { return nil }
    guard let date = Timestamp.parse(text, in: environment.timeZone) else {
      throw usageError(.invalidValue(name: "--at <time>", problem: .notATime(text)), parsed)
    }
    return date
  }

  /// A DATE.
  static func date(_ text: String, for name: String, _ parsed: ParsedCommand) throws(UsageError) -> CalendarDate {
    guard let date = CalendarDate(iso: text) else {
      throw usageError(.invalidValue(name: name, problem: .notADate(text)), parsed)
    }
    return date
  }

  /// A whole number from `minimum` (0 or 1) up to `maximum`.
  static func wholeNumber(
    _ text: String, for name: String, minimum: Int = 0, maximum: Int, _ parsed: ParsedCommand
  ) throws(UsageError) -> Int {
    guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), value >= minimum, value <= maximum
    else {
      let problem: ValueProblem = minimum > 0 ? .positiveWholeNumber(text) : .wholeNumber(text)
      throw usageError(.invalidValue(name: name, problem: problem), parsed)
    }
    return value
  }

  /// A change's output: a confirmation line and the card.
  static func changed(_ text: String, _ result: UpdateResult) -> CommandOutput {
    CommandOutput(
      text: text + "\n",
      json: JSONRenderer.change(card: result.card.snapshot, recorded: result.recorded.map(\.snapshot)))
  }
}
