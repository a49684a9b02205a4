import MetroKit

/// `mode [MODE]`: print the mode a ride takes when `swipe` does not say, or set it.
struct ModeCommand: Command {
  static let spec = CommandSpec(
    name: "mode", abstract: .fares(.modeAbstract),
    arguments: [ArgumentSpec(name: "mode", help: .fares(.modeModeArgument), isOptional: true)],
    examples: ["metrobuddy mode", "metrobuddy mode bus"])

  /// `<mode>`, read as `--mode` is.
  static let modeArgument = Option<TravelMode>.riderMode("mode", help: nil)

  var mode: TravelMode?

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    if let text = try Self.optionalArgument(parsed) {
      do throws(OptionValueError) {
        mode = try Self.modeArgument.parse(text, environment.timeZone)
      } catch {
        throw Self.usageError(.invalidValue(name: "<mode>", problem: error.problem), parsed)
      }
    }
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let card = try context.selectedCard()
    let before = card.snapshot
    guard let mode else {
      return CommandOutput(text: before.mode.rawValue + "\n", json: JSONRenderer.card(before, at: context.moment))
    }
    let result = try context.store.apply([.mode(mode)], to: card)
    let after = result.card.snapshot
    return Self.changed(
      context.text(.modeSet(new: after.mode, old: before.mode, fare: CardText.fare(after, context))), result,
      at: context.moment)
  }
}
