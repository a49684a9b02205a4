import MetroKit

/// `card add|use|rename|remove`: manage cards.
enum CardCommand: CommandNode {
  static let spec = CommandSpec(name: "card", abstract: .cards(.cardAbstract))
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
    name: "add", abstract: .cards(.addAbstract),
    discussion: .cards(.addDiscussion),
    arguments: [ArgumentSpec(name: "name", help: .cards(.addNameArgument))],
    options: [
      FareOptions.kind.spec, FareOptions.reduced.spec, FareOptions.currency.spec, FareOptions.mode.spec,
      FareOptions.fare.spec, balance.spec,
    ] + FareOptions.customSpecs + [FareOptions.zones.spec],
    examples: [
      "metrobuddy card add work --kind contactless",
      "metrobuddy card add london --kind london-payg --zones 1-2 --fare 3.60",
      "metrobuddy card add phone --kind london-contactless --zones 1-2 --fare 3.60",
      "metrobuddy card add tokyo --currency JPY --kind custom --fare 210",
    ])

  /// `--balance AMOUNT`, by default nothing.
  static let balance = Option<String?>.text("balance", valueName: "amount", help: .cards(.addBalance))

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
    name: "use", abstract: .cards(.useAbstract),
    arguments: [ArgumentSpec(name: "name", help: .cards(.useNameArgument))])

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
    name: "rename", abstract: .cards(.renameAbstract),
    arguments: [
      ArgumentSpec(name: "old", help: .cards(.renameOldArgument)),
      ArgumentSpec(name: "new", help: .cards(.renameNewArgument)),
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
    name: "merge", abstract: .cards(.mergeAbstract),
    discussion: .cards(.mergeDiscussion),
    arguments: [
      ArgumentSpec(name: "keep", help: .cards(.mergeKeepArgument)),
      ArgumentSpec(name: "other", help: .cards(.mergeOtherArgument)),
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
    name: "remove", abstract: .cards(.removeAbstract),
    discussion: .cards(.removeDiscussion),
    arguments: [ArgumentSpec(name: "name", help: .cards(.removeNameArgument))],
    options: [force.spec])

  /// `--force`.
  static let force = Flag("force", help: .cards(.removeForce))

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
