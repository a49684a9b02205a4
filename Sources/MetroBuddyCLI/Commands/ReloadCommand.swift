import FoundationEssentials
import MetroKit

/// `reload AMOUNT [--at TIME] [--key KEY]`: add money, once per key.
struct ReloadCommand: Command {
  static let spec = CommandSpec(
    name: "reload", abstract: .core(.reloadAbstract),
    discussion: .core(.reloadDiscussion),
    arguments: [ArgumentSpec(name: "amount", help: .core(.reloadAmountArgument))],
    options: [at.spec, key.spec],
    examples: ["metrobuddy reload 20", "metrobuddy reload 33 --key \"monthly-$(date +%Y-%m)\""])

  /// `--at TIME`.
  static let at = SharedOptions.at
  /// `--key KEY`: text the store accepts (checked by ``CardRules/validateText(_:field:)``).
  static let key = Option<String?>(
    "key", valueName: "key", help: .core(.reloadKey), default: nil
  ) { text, _ throws(OptionValueError) in
    do { try CardRules.validateText(text, field: .reloadKey) } catch {
      throw OptionValueError(problem: .text(maximum: CardRules.maximumTextLength))
    }
    return text
  }

  var typed: AmountText
  var amount = Money.zero
  var at: Date?
  var key: String?

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    let text = try Self.arguments(parsed, ["amount"])[0]
    typed = try AmountText(text, name: "<amount>", positive: true, parsed)
    at = try parsed[Self.at]
    key = try parsed[Self.key]
  }

  mutating func prepare(in context: Context) throws(PreparationError) {
    amount = try Self.money(typed, in: context, ["reload"])
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let result = try context.apply([.balance(.reload(amount, key: key), at: at)])
    let card = result.card.snapshot
    let balance = context.money(card.balance, card.currency)
    if let key, result.alreadyAppliedKeys.contains(key) {
      var output = Self.changed(
        context.text(.reloadAlreadyRecorded(key: key, balance: balance, rides: context.moment.ridesLeft(card))), result,
        at: context.moment)
      // With --json the empty "updates" says it; stderr says it in words too.
      if context.options.json { output.note = String(output.text.dropLast()) }
      output.warning = Self.warning(
        key: key, asked: amount, recorded: result.recordedReloads[key], currency: card.currency, context)
      return output
    }
    var output = Self.changed(
      context.text(
        .reloaded(amount: context.money(amount, card.currency), balance: balance, rides: context.moment.ridesLeft(card))
      ),
      result, at: context.moment)
    if result.notes.contains(.metroCardRefillsEnded) { output.warning = context.text(.metroCardRefillsEnded) }
    return output
  }

  /// What a cron job's owner must hear about a repeated key: it was recorded
  /// with another amount, or undone since. `nil` for a plain retry.
  static func warning(
    key: String, asked: Money, recorded: RecordedReload?, currency: Currency, _ context: Context
  ) -> String? {
    guard let recorded else { return nil }
    if recorded.isUndone { return context.text(.reloadKeyUndone(key: key)) }
    guard recorded.amount != asked else { return nil }
    return context.text(
      .reloadKeyOtherAmount(
        key: key, recorded: context.money(recorded.amount, currency), asked: context.money(asked, currency)))
  }
}
