import MetroKit

/// `verify`: check the store's invariants and report each problem.
struct VerifyCommand: Command {
  static let spec = CommandSpec(
    name: "verify", abstract: .store(.verifyAbstract),
    discussion: .store(.verifyDiscussion),
    options: [fares.spec], examples: ["metrobuddy verify", "metrobuddy --card omny verify --fares"])

  /// `--fares`.
  static let fares = Flag("fares", help: .store(.verifyFares))

  var fares: Bool

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
    fares = parsed[Self.fares]
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    if fares { return try checkFares(in: context) }
    guard let store = context.verifying else {
      return CommandOutput(
        text: context.text(.verifyInMemory) + "\n",
        json: .object([("store", .null), ("sound", .bool(true))]))
    }
    let report = try store.verify()
    func finding(_ item: VerificationReport.Finding) -> String {
      // A file's name and a field of it are the files' own text: never shown raw.
      TerminalText.message(item.path) + (item.line.map { ":\($0)" } ?? "") + ": "
        + TerminalText.escaped(context.text(.verifyFinding(item.problem)))
    }
    func findingJSON(_ item: VerificationReport.Finding) -> JSONValue {
      .object([
        ("file", .string(item.path)), ("line", item.line.map { .integer(Int64($0)) } ?? .null),
        ("problem", .string(item.problem.code)), ("detail", .string(context.text(.verifyFinding(item.problem)))),
      ])
    }
    let json = JSONValue.object([
      ("store", .string(report.directory)),
      ("sound", .bool(report.isSound)),
      ("cards", .integer(Int64(report.cards))),
      ("updates", .integer(Int64(report.updates))),
      ("problems", .array(report.problems.map(findingJSON))),
      ("notes", .array(report.notes.map(findingJSON))),
      ("capOverruns", .array(report.capOverruns.map { CapOverrunText.json($0, context) })),
    ])
    var text = ""
    for problem in report.problems { text += finding(problem) + "\n" }
    for note in report.notes { text += context.text(.verifyNote) + ": " + finding(note) + "\n" }
    for found in report.capOverruns {
      text += context.text(.verifyNote) + ": " + CapOverrunText.line(found, context) + "\n"
    }
    if !report.exists {
      text += context.text(.verifyNoStore(directory: report.directory)) + "\n"
    } else if report.isSound {
      text +=
        context.text(.verifySound(directory: report.directory, cards: report.cards, updates: report.updates)) + "\n"
    } else {
      text += context.text(.verifyDamaged(directory: report.directory, problems: report.problems.count)) + "\n"
    }
    return CommandOutput(text: text, json: json, exitCode: report.isSound ? .success : .dataError)
  }

  /// `verify --fares`: every card's rides (or `--card`'s) against the rules.
  ///
  /// Each card's rides are walked as they are read. Up to
  /// ``heldDifferences`` of a card's differences are held for the output;
  /// past that, the output walks the rides again and writes each as it is
  /// found, so that what is held does not grow with the history.
  func checkFares(in context: Context) throws(MetroError) -> CommandOutput {
    let zone = context.environment.timeZone
    let cards =
      context.options.cardName == nil
      ? try context.store.allCardRides() : [try context.store.rides(ofCardNamed: context.options.cardName)]
    var audited: [(rides: CardRides, report: FareAuditReport)] = []
    for rides in cards {
      audited.append((rides, try FareAudit.report(rides, timeZone: zone, keepingAtMost: Self.heldDifferences)))
    }
    /// Every difference of a card, from the report or from the rides walked again.
    func forEachDifference(
      _ item: (rides: CardRides, report: FareAuditReport), _ body: (FareDifference) -> Void
    ) throws(MetroError) {
      if item.report.isWhole {
        item.report.differences.forEach(body)
      } else if item.report.inOrder {
        // The same state of the store gives the rides in the same order as the report's walk.
        var audit = try FareAudit.prepared(item.rides, timeZone: zone)
        _ = try item.rides.forEachInOrder { if let found = audit.check($0) { body(found) } }
      } else {
        // Out of time order the store lists the rides anyway.
        try FareAudit.report(item.rides, timeZone: zone).differences.forEach(body)
      }
    }
    var output = CommandOutput(text: "", json: .null)
    output.streamText = { write throws(MetroError) in
      for item in audited {
        let card = item.rides.card.snapshot
        write(
          context.text(.faresOfCard(card.name)) + " "
            + ImportCommand.differencesHeading(
              count: item.report.differenceCount, rides: item.report.rides - item.report.faresNotChecked,
              context: context))
        try forEachDifference(item) {
          write(ImportCommand.differenceLine($0, currency: card.currency, context: context))
        }
        write(ImportCommand.capsNotCheckedText(item.report.zoneCheck, card: card, context: context))
        write(ImportCommand.possibleRefundsText(item.report, currency: card.currency, context: context))
        write(ImportCommand.faresNotCheckedText(item.report, context: context))
      }
    }
    output.streamJSON = { write throws(MetroError) in
      var cardsArray = StreamedJSON.Array(depth: 0)
      for item in audited {
        let card = item.rides.card.snapshot
        let object = JSONValue.object([
          ("name", .string(card.name)), ("rides", .integer(Int64(item.report.rides))),
          ("capsNotChecked", ImportCommand.capsNotCheckedJSON(item.report.zoneCheck)),
          (
            "possibleRefunds",
            .array(item.report.possibleRefunds.map { ImportCommand.refundJSON($0, currency: card.currency) })
          ),
          ("fareDifferences", .array([])),
        ])
        let (before, after) = StreamedJSON.around(object, depth: 1)
        write(cardsArray.separator() + before)
        var differences = StreamedJSON.Array(depth: 2)
        try forEachDifference(item) {
          write(differences.element(ImportCommand.differenceJSON($0, currency: card.currency)))
        }
        write(differences.end + after)
      }
      write(cardsArray.end + "\n")
    }
    return output
  }

  /// How many of a card's fare differences `verify --fares` holds at once.
  @TaskLocal static var heldDifferences = 4_096
}
