import FoundationEssentials
import MetroKit

/// A node of the command tree, like swift-argument-parser's command
/// configuration: a definition and the command types below it. The tree of
/// types (``MetroBuddy/commands``) is the only list of commands; parsing,
/// help, the man page and the completions all derive from it.
protocol CommandNode {
  /// The command's own definition, without its subcommands.
  static var spec: CommandSpec { get }
  /// The commands below this one, in the order help lists them.
  static var subcommands: [any CommandNode.Type] { get }
  /// This command as one that runs, or `nil` for a group such as `card`.
  /// Asked instead of `as? any Command.Type`: a cast to a protocol scans
  /// every conformance record of the static binary.
  static var runnable: (any Command.Type)? { get }
}

extension CommandNode {
  static var subcommands: [any CommandNode.Type] { [] }
  static var runnable: (any Command.Type)? { nil }

  /// The definition with the definitions of every command below it.
  static var tree: CommandSpec {
    var spec = self.spec
    spec.subcommands = subcommands.map { $0.tree }
    return spec
  }
}

/// A command that runs: its definition, a validating initialiser that turns
/// parsed arguments into typed values (usage errors, exit 64), and `run`,
/// which asks MetroKit to decide and returns what to print.
protocol Command: CommandNode {
  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError)
  /// Reads what needs the selected card before `run` (an AMOUNT in the
  /// card's currency), or what `unzip` gives (a zip to import). Most
  /// commands need nothing.
  mutating func prepare(in context: Context) throws(PreparationError)
  func run(in context: Context) throws(MetroError) -> CommandOutput
}

/// What can stop a command between parsing and running: a value that is
/// wrong only for the selected card (a usage error), the store, or a zip to
/// import that cannot be read.
enum PreparationError: Error {
  case usage(UsageError)
  case metro(MetroError)
  case archive(ArchiveError)
}

extension Command {
  static var runnable: (any Command.Type)? { self }

  mutating func prepare(in context: Context) throws(PreparationError) {}

  /// The selected card's currency, which an AMOUNT is read in.
  static func currency(in context: Context) throws(PreparationError) -> Currency {
    do { return try context.selectedCard().currency } catch { throw .metro(error) }
  }

  /// `amount` read in the selected card's currency.
  static func money(_ amount: AmountText, in context: Context, _ path: [String]) throws(PreparationError) -> Money {
    let currency = try currency(in: context)
    do { return try amount.money(in: currency, path: path) } catch { throw .usage(error) }
  }

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

  /// A DATE.
  static func date(_ text: String, for name: String, _ parsed: ParsedCommand) throws(UsageError) -> CalendarDate {
    guard let date = CalendarDate(iso: text) else {
      throw usageError(.invalidValue(name: name, problem: .notADate(text)), parsed)
    }
    return date
  }

  /// A change's output: a confirmation line and the card.
  static func changed(_ text: String, _ result: UpdateResult, at moment: Moment) -> CommandOutput {
    CommandOutput(
      text: text + "\n",
      json: JSONRenderer.change(card: result.card.snapshot, recorded: result.recorded.map(\.snapshot), at: moment))
  }
}
