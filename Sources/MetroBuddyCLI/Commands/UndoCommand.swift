import MetroKit

/// `undo`: reverse the latest balance update not yet undone.
struct UndoCommand: Command {
  static let spec = CommandSpec(
    name: "undo", abstract: "Reverse the latest balance update that is not an undo and not already undone.",
    discussion: "Records an 'undo' update; the history keeps both. With nothing to undo, exits with status 1.")

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let result = try context.store.apply([.balance(.undo)], to: context.selectedCard())
    let card = result.card.snapshot
    let undo = result.recorded[0].snapshot
    let reversed = -undo.amount
    let sign = reversed.minorUnits > 0 ? "+" : ""
    return Self.changed(
      context.text(
        .undid(
          amount: sign + context.money(reversed, card.currency), balance: context.money(card.balance, card.currency),
          rides: card.remainingRides)), result)
  }
}
