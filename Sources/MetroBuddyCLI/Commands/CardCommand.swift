import MetroKit

/// `card add|use|rename|remove`: manage cards.
enum CardCommand: CommandNode {
  static let spec = CommandSpec(name: "card", abstract: "Add, choose, rename, merge or remove cards.")
  static var subcommands: [any CommandNode.Type] {
    [AddCardCommand.self, UseCardCommand.self, RenameCardCommand.self, MergeCardCommand.self, RemoveCardCommand.self]
  }

  static func changed(_ text: String, _ card: ObjectReference<MetroCard>, at moment: Moment) -> CommandOutput {
    CommandOutput(text: text + "\n", json: JSONRenderer.change(card: card.snapshot, recorded: [], at: moment))
  }

  /// A card name argument; `existing` names a card that is there, which may
  /// be shown with a `~2` suffix.
  static func name(_ text: String, for argument: String, existing: Bool = true, _ parsed: ParsedCommand)
    throws(UsageError) -> String
  {
    guard existing ? CardName.isValidReference(text) : CardName.isValid(text) else {
      throw UsageError(message: .invalidValue(name: "<\(argument)>", problem: .cardName(text)), path: parsed.path)
    }
    return text
  }
}

/// `card add NAME [--kind KIND] [--reduced] [--currency CODE] [--mode MODE]
/// [--fare AMOUNT] [--balance AMOUNT]` and a custom card's rules.
struct AddCardCommand: Command {
  static let spec = CommandSpec(
    name: "add", abstract: "Create a card.",
    discussion: """
      An omny-card holds money and stops charging once the week's cap is paid;
      contactless (a phone or bank card) holds none and counts what rides cost;
      a metrocard holds money and pays every ride; a custom card takes its fare,
      cap and transfers from the options marked 'Custom'.
      """,
    arguments: [ArgumentSpec(name: "name", help: "1 to 32 of a-z, 0-9, '-' and '_', starting with a letter or digit.")],
    options: [
      FareOptions.kind.spec, FareOptions.reduced.spec, FareOptions.currency.spec, FareOptions.mode.spec,
      FareOptions.fare.spec, balance.spec,
    ] + FareOptions.customSpecs + [FareOptions.zones.spec],
    examples: [
      "metrobuddy card add work --kind contactless",
      "metrobuddy card add london --kind london-payg --zones 1-2 --fare 3.60",
      "metrobuddy card add tokyo --currency JPY --kind custom --fare 210",
    ])

  /// `--balance AMOUNT`, by default nothing.
  static let balance = Option<String?>.text("balance", valueName: "amount", help: "The money on the card (default: 0).")

  var name: String
  var settings: CardSettings
  var balance: Money

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    name = try CardCommand.name(Self.arguments(parsed, ["name"])[0], for: "name", existing: false, parsed)
    let kind = try parsed[FareOptions.kind]
    let currency = try FareOptions.currency(parsed, kind: kind)
    settings = CardSettings(
      kind: kind, isReduced: parsed[FareOptions.reduced], mode: try parsed[FareOptions.mode],
      currency: currency, fare: try parsed.amount(FareOptions.fare, in: currency, positive: true),
      customRules: try FareOptions.customRules(parsed, currency: currency, environment: environment),
      londonZones: try parsed[FareOptions.zones])
    balance = try parsed.amount(Self.balance, in: currency, positive: false) ?? .zero
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let card = try context.store.addCard(named: name, settings: settings, balance: balance)
    let snapshot = card.snapshot
    return CardCommand.changed(
      context.text(
        .cardAdded(
          name: name, kind: CardText.kind(snapshot, context), balance: context.money(card.balance, card.currency),
          fare: CardText.fare(snapshot, context))),
      card, at: context.moment)
  }
}

/// `card use NAME`.
struct UseCardCommand: Command {
  static let spec = CommandSpec(
    name: "use", abstract: "Make NAME the default card.",
    arguments: [ArgumentSpec(name: "name", help: "The card to act on when --card is not given.")])

  var name: String

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    name = try CardCommand.name(Self.arguments(parsed, ["name"])[0], for: "name", parsed)
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let card = try context.store.makeDefault(context.store.card(named: name))
    return CardCommand.changed(context.text(.cardIsDefault(name)), card, at: context.moment)
  }
}

/// `card rename OLD NEW`.
struct RenameCardCommand: Command {
  static let spec = CommandSpec(
    name: "rename", abstract: "Rename a card; its history stays with it.",
    arguments: [
      ArgumentSpec(name: "old", help: "The card's name now."), ArgumentSpec(name: "new", help: "Its new name."),
    ])

  var old: String
  var new: String

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    let names = try Self.arguments(parsed, ["old", "new"])
    old = try CardCommand.name(names[0], for: "old", parsed)
    new = try CardCommand.name(names[1], for: "new", existing: false, parsed)
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let card = try context.store.renameCard(context.store.card(named: old), to: new)
    return CardCommand.changed(context.text(.cardRenamed(old: old, new: new)), card, at: context.moment)
  }
}

/// `card merge KEEP OTHER`.
struct MergeCardCommand: Command {
  static let spec = CommandSpec(
    name: "merge", abstract: "Move a card's whole history into another card.",
    discussion: """
      The other card's rides, reloads and opening balance become the kept
      card's, on every device, and the other card is gone. Two cards made
      apart on two devices with one name are shown as NAME and NAME~2: merge
      them with 'metrobuddy card merge NAME NAME~2'.
      """,
    arguments: [
      ArgumentSpec(name: "keep", help: "The card that stays."),
      ArgumentSpec(name: "other", help: "The card whose history moves into it."),
    ],
    examples: ["metrobuddy card merge work work~2"])

  var keep: String
  var other: String

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    let names = try Self.arguments(parsed, ["keep", "other"])
    keep = try CardCommand.name(names[0], for: "keep", parsed)
    other = try CardCommand.name(names[1], for: "other", parsed)
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let card = try context.store.mergeCard(context.store.card(named: other), into: context.store.card(named: keep))
    let balance = context.money(card.snapshot.balance, card.snapshot.currency)
    return CardCommand.changed(
      context.text(.cardsMerged(keep: keep, other: other, balance: balance)), card, at: context.moment)
  }
}

/// `card remove NAME --force`.
struct RemoveCardCommand: Command {
  static let spec = CommandSpec(
    name: "remove", abstract: "Remove a card: no command shows it or its history again.",
    discussion: """
      This cannot be undone, so it needs --force. The default card cannot be removed.
      The card's history is not erased: it stays in the store's append-only device logs
      (and in every copy and backup of them), unread by any command.
      """,
    arguments: [ArgumentSpec(name: "name", help: "The card to remove.")],
    options: [force.spec])

  /// `--force`.
  static let force = Flag("force", help: "Confirm that the card should be removed.")

  var name: String

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    name = try CardCommand.name(Self.arguments(parsed, ["name"])[0], for: "name", parsed)
    guard parsed[Self.force] else {
      throw Self.usageError(.removeNeedsForce(name), parsed)
    }
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let card = try context.store.card(named: name)
    try context.store.removeCard(card)
    var removed = card.snapshot
    removed.isDefault = false
    return CommandOutput(
      text: context.text(.cardRemoved(name)) + "\n",
      json: JSONRenderer.change(card: removed, recorded: [], at: context.moment))
  }
}
