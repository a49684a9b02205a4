import Foundation
import MetroKit
import Testing

@testable import MetroBuddyCLI

/// English, Spanish and Italian: the language the environment asks for, the
/// strings the contract fixes, money and dates in human output only, every
/// help string translated, and usage errors in swift-argument-parser's shape.
@Suite("Languages")
struct LanguageTests {
  static let spanish = ["LANG": "es_ES.UTF-8"]
  static let italian = ["LANG": "it_IT.UTF-8"]
  static let english = ["LANG": "en_US.UTF-8"]

  /// The fixed strings of one language.
  struct Fixed: Sendable, CustomTestStringConvertible {
    var variables: [String: String]
    var noRides: String
    var oneRide: String
    /// With `N` for the number.
    var rides: String
    var insufficient: String
    var expired: String
    var testDescription: String { variables["LANG"] ?? "" }
  }

  static let fixed: [Fixed] = [
    Fixed(
      variables: english, noRides: "No rides left", oneRide: "1 ride left", rides: "N rides left",
      insufficient: "INSUFFICIENT FARE", expired: "EXPIRED CARD"),
    Fixed(
      variables: spanish, noRides: "No quedan viajes", oneRide: "Queda 1 viaje", rides: "Quedan N viajes",
      insufficient: "SALDO INSUFICIENTE", expired: "TARJETA VENCIDA"),
    Fixed(
      variables: italian, noRides: "Nessuna corsa rimasta", oneRide: "1 corsa rimasta", rides: "N corse rimaste",
      insufficient: "CREDITO INSUFFICIENTE", expired: "CARTA SCADUTA"),
  ]

  // MARK: - The fixed strings

  /// A card with two rides' worth of money: swipe, swipe, and the third is refused.
  @Test(arguments: fixed)
  func ridesLeftAndTheRefusalOfASwipe(_ language: Fixed) {
    let cli = CLIHarness()
    cli.run("fare", "2.75")
    cli.run("balance", "5.50")
    let rides = { (count: Int) in language.rides.replacingOccurrences(of: "N", with: String(count)) }
    #expect(cli.run(["show"], variables: language.variables).stdout.split(separator: "\n")[1] == rides(2))
    cli.run("swipe")
    #expect(cli.run(["show"], variables: language.variables).stdout.split(separator: "\n")[1] == language.oneRide)
    let last = cli.run(["swipe"], variables: language.variables)
    #expect(last.status == 0)
    #expect(lowercasedFirst(last.stdout).contains(lowercasedFirst(language.noRides)))
    #expect(cli.run(["show"], variables: language.variables).stdout.split(separator: "\n")[1] == language.noRides)

    let refused = cli.run(["swipe"], variables: language.variables)
    #expect(refused.status == 1)
    #expect(refused.stdout.isEmpty)
    #expect(refused.stderr.hasPrefix(language.insufficient + ": "))

    let many = CLIHarness()
    many.run("balance", "300")
    #expect(many.run(["show"], variables: language.variables).stdout.split(separator: "\n")[1] == rides(100))
    #expect(many.run(["cards"], variables: language.variables).stdout.contains(rides(100)))
  }

  /// An expired card: the swipe is refused and `check` says so.
  @Test(arguments: fixed)
  func anExpiredCardIsRefused(_ language: Fixed) {
    let cli = CLIHarness()
    cli.run("balance", "30")
    cli.run("expiration", "2026-11-20")
    let before = cli.storeFiles()
    let refused = cli.run(["swipe"], variables: language.variables)
    #expect(refused.status == 1)
    #expect(refused.stderr.hasPrefix(language.expired + ": "))
    #expect(cli.storeFiles() == before)
    let check = cli.run(["check"], variables: language.variables)
    #expect(check.status == 1)
    #expect(check.stdout.hasPrefix("default: " + language.expired + ": "))
  }

  /// Plurals by each language's rules, message by message.
  @Test func pluralsFollowEachLanguage() {
    let es = Localizer(language: .spanish)
    let it = Localizer(language: .italian)
    #expect(
      [0, 1, 2, 21].map { es(.ridesLeft($0)) } == [
        "No quedan viajes", "Queda 1 viaje", "Quedan 2 viajes", "Quedan 21 viajes",
      ])
    #expect(
      [0, 1, 2, 21].map { it(.ridesLeft($0)) }
        == ["Nessuna corsa rimasta", "1 corsa rimasta", "2 corse rimaste", "21 corse rimaste"])
    #expect(es(.balanceLine(balance: "0,00 US$", rides: 0)) == "Saldo: 0,00 US$, no quedan viajes.")
    #expect(es(.balanceLine(balance: "2,75 US$", rides: 1)) == "Saldo: 2,75 US$, queda 1 viaje.")
    #expect(it(.balanceLine(balance: "0,00 USD", rides: 0)) == "Credito: 0,00 USD, nessuna corsa rimasta.")
    #expect(es(.swiped(count: 1, total: "2,75 US$", why: nil, standing: "s")).hasPrefix("1 viaje registrado: "))
    #expect(es(.swiped(count: 2, total: "5,50 US$", why: nil, standing: "s")).hasPrefix("2 viajes registrados: "))
    #expect(it(.swiped(count: 1, total: "2,75 USD", why: nil, standing: "s")).hasPrefix("Registrata 1 corsa: "))
    #expect(it(.swiped(count: 2, total: "5,50 USD", why: nil, standing: "s")).hasPrefix("Registrate 2 corse: "))
    #expect(es(.expiration(date: "d", days: 1)) == "d (vence mañana)")
    #expect(es(.expiration(date: "d", days: 2)) == "d (dentro de 2 días)")
    #expect(es(.expiration(date: "d", days: -1)) == "d (VENCIDA ayer)")
    #expect(es(.expiration(date: "d", days: -3)) == "d (VENCIDA hace 3 días)")
    #expect(it(.expiration(date: "d", days: 1)) == "d (scade domani)")
    #expect(it(.expiration(date: "d", days: 2)) == "d (tra 2 giorni)")
    #expect(it(.expiration(date: "d", days: -1)) == "d (SCADUTA ieri)")
    #expect(it(.expiration(date: "d", days: -3)) == "d (SCADUTA da 3 giorni)")
    #expect(es(.verifySound(directory: "s", cards: 1, updates: 1)).hasSuffix(": 1 tarjeta, 1 movimiento."))
    #expect(it(.verifySound(directory: "s", cards: 2, updates: 0)).hasSuffix(": 2 carte, 0 movimenti."))
    #expect(
      es(.imported(count: 1, card: "w", skipped: 1, balance: "b", rides: 0)).hasPrefix(
        "Importado 1 movimiento en 'w' (1 ya presente, omitido)."))
    #expect(
      it(.imported(count: 3, card: "w", skipped: 2, balance: "b", rides: 0)).hasPrefix(
        "Importati 3 movimenti in 'w' (2 già presenti, saltati)."))
  }

  // MARK: - Which language

  @Test(arguments: [
    (["LC_ALL": "it_IT.UTF-8", "LC_MESSAGES": "es_ES.UTF-8", "LANG": "en_US.UTF-8"], Language.italian),
    (["LC_MESSAGES": "es_ES.UTF-8", "LANG": "it_IT.UTF-8"], .spanish),
    (["LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "it_IT.UTF-8"], .spanish),
    (["LANG": "it_IT.UTF-8"], .italian),
    (["LANG": "es_US.UTF-8"], .spanish),
    (["LANG": "it"], .italian),
    (["LANG": "es"], .spanish),
    (["LANG": "es_MX"], .spanish),
    (["LANG": "it_CH.UTF-8@euro"], .italian),
    (["LC_ALL": "C", "LC_MESSAGES": "es_ES.UTF-8", "LANG": "it_IT.UTF-8"], .english),
    (["LC_MESSAGES": "POSIX", "LANG": "es_ES.UTF-8"], .english),
    (["LANG": "C.UTF-8"], .english),
    (["LANG": "fr_FR.UTF-8"], .english),
    (["LC_ALL": "de_DE.UTF-8", "LANG": "es_ES.UTF-8"], .english),
    (["LC_ALL": "", "LC_MESSAGES": "", "LANG": "es_ES.UTF-8"], .spanish),
    ([:], .english),
  ])
  func theLanguageComesFromTheEnvironment(_ variables: [String: String], _ expected: Language) {
    #expect(Language.from(Environment(variables: variables)) == expected)
  }

  /// The same through the whole command: LC_ALL beats LC_MESSAGES beats LANG.
  @Test func theCommandSpeaksTheChosenLanguage() {
    let cli = CLIHarness()
    func rides(_ variables: [String: String]) -> String {
      String(cli.run(["show"], variables: variables).stdout.split(separator: "\n")[1])
    }
    #expect(rides(["LC_ALL": "it", "LC_MESSAGES": "es_ES.UTF-8", "LANG": "es_ES.UTF-8"]) == "Nessuna corsa rimasta")
    #expect(rides(["LC_MESSAGES": "es_ES.UTF-8", "LANG": "it_IT.UTF-8"]) == "No quedan viajes")
    #expect(rides(["LANG": "es_US.UTF-8"]) == "No quedan viajes")
    #expect(rides(["LC_ALL": "C", "LANG": "it_IT.UTF-8"]) == "No rides left")
    #expect(rides(["LANG": "POSIX"]) == "No rides left")
    #expect(rides(["LANG": "pt_BR.UTF-8"]) == "No rides left")
    #expect(rides([:]) == "No rides left")
  }

  // MARK: - Money and dates

  /// The card at a glance in each language, exactly.
  @Test func theCardAtAGlance() {
    let cli = CLIHarness()
    cli.run("fare", "2.75")
    cli.run("balance", "1234.50")
    cli.run("expiration", "2030-03-20")
    cli.run("serial", "0123456789")
    let nbsp = "\u{00A0}"
    #expect(
      cli.run(["show"], variables: Self.spanish).stdout == """
        1.234,50\(nbsp)US$
        Quedan 448 viajes
        Tope: 35,00\(nbsp)US$ en 7 días, que empiezan con el próximo viaje pagado.

        Tipo          omny-card
        Modo          metro
        Tarifa        2,75\(nbsp)US$
        Vencimiento   20/03/2030 (dentro de 1215 días)
        N.º de serie  0123456789
        Tarjeta       default

        """)
    #expect(
      cli.run(["show"], variables: Self.italian).stdout == """
        1.234,50\(nbsp)USD
        448 corse rimaste
        Tetto: 35,00\(nbsp)USD in 7 giorni, che iniziano alla prossima corsa pagata.

        Tipo         omny-card
        Modo         metro
        Tariffa      2,75\(nbsp)USD
        Scadenza     20/03/2030 (tra 1215 giorni)
        N. di serie  0123456789
        Carta        default

        """)
    #expect(cli.run(["show"], variables: Self.english).stdout.hasPrefix("$1,234.50\n448 rides left\n"))
    #expect(cli.run(["show"], variables: Self.english).stdout.contains("2030-03-20 (in 1215 days)"))
  }

  @Test func moneyAndDatesInConfirmationsAndLists() {
    let nbsp = "\u{00A0}"
    let es = CLIHarness()
    // A MetroCard: an OMNY card holds at most $315.00.
    es.run("kind", "metrocard")
    #expect(
      es.run(["reload", "1234.5"], variables: Self.spanish).stdout
        == "Recarga de 1.234,50\(nbsp)US$ registrada. Saldo: 1.234,50\(nbsp)US$, quedan 411 viajes.\n")
    #expect(es.run(["balance"], variables: Self.spanish).stdout == "1.234,50\(nbsp)US$\n")
    #expect(
      es.run(["history"], variables: Self.spanish).stdout.hasPrefix("21/11/2026 13:15  recarga  +1.234,50\(nbsp)US$"))
    #expect(
      es.run(["expiration", "2030-03-20"], variables: Self.spanish).stdout
        == "Fecha de vencimiento fijada en 20/03/2030 (dentro de 1215 días).\n")
    let it = CLIHarness()
    #expect(
      it.run(["balance", "99999.5"], variables: Self.italian).stdout
        == "Credito impostato a 99.999,50\(nbsp)USD (prima 0,00\(nbsp)USD). 33333 corse rimaste.\n")
    #expect(
      it.run(["fare"], variables: Self.italian).stdout
        == "3,00\(nbsp)USD, la tariffa standard di metro e autobus urbano dal 4 gen 2026\n")
    #expect(
      it.run(["history"], variables: Self.italian).stdout.hasPrefix("21/11/2026 13:15  rettifica  +99.999,50\(nbsp)USD")
    )
    #expect(
      it.run(["expiration", "2026-11-25"], variables: Self.italian).stdout
        == "Data di scadenza impostata al 25/11/2026 (tra 4 giorni).\n")
    #expect(
      it.run(["check", "--expires-within", "7", "--min-rides", "0"], variables: Self.italian).stdout
        == "default: scade il 25/11/2026, tra 4 giorni.\n")
  }

  /// Runs the same commands in a fresh store per language and returns stdout of each.
  static func machineOutput(_ variables: [String: String]) -> [String] {
    let cli = CLIHarness()
    let script: [[String]] = [
      ["--json", "card", "add", "work", "--fare", "2.90", "--balance", "1234.50"],
      ["--json", "fare", "2.75"],
      ["--json", "balance", "10"],
      ["--json", "expiration", "2030-03-20"],
      ["--json", "serial", "0123456789"],
      ["--json", "swipe", "--count", "2"],
      ["--json", "reload", "20", "--key", "monthly-2026-11"],
      ["--json", "reload", "20", "--key", "monthly-2026-11"],
      ["--json", "undo"],
      ["--json", "swipe", "--count", "1000"],
      ["--json"],
      ["--json", "balance"],
      ["--json", "history"],
      ["--json", "history", "--type", "reload"],
      ["--json", "cards"],
      ["--json", "--card", "work", "show"],
      ["--json", "check", "--min-rides", "0"],
      ["export"],
      ["export", "--format", "csv"],
      ["export", "--all"],
      ["--json", "export", "--format", "csv"],
      ["--json", "card", "use", "work"],
      ["--json", "card", "rename", "default", "old"],
      ["--json", "card", "remove", "old", "--force"],
      ["--json", "cards"],
    ]
    return script.map { arguments in
      let result = cli.run(arguments, variables: variables)
      return "$ \(arguments.joined(separator: " "))\n\(result.status)\n\(result.stdout)"
    }
  }

  @Test func jsonAndExportNeverChangeWithTheLanguage() {
    let english = Self.machineOutput(Self.english)
    #expect(english[0].contains("1234.50"))
    #expect(english[18].contains("timestamp,type,amount,balance,id,key"))
    for variables in [Self.spanish, Self.italian, ["LC_ALL": "it"], ["LANG": "es_US.UTF-8"]] {
      let other = Self.machineOutput(variables)
      #expect(other.count == english.count)
      for (mine, theirs) in zip(other, english) { #expect(mine == theirs) }
    }
  }

  /// `check --json` carries the problem's words in "message"; the problem kind
  /// in "problem" is what a program should read, but the whole document must
  /// still be the same in every language.
  @Test func checkJSONNeverChangesWithTheLanguage() {
    func output(_ variables: [String: String]) -> String {
      let cli = CLIHarness()
      cli.run("expiration", "2026-11-20")
      return cli.run(["--json", "check"], variables: variables).stdout
    }
    let english = output(Self.english)
    #expect(english.contains("\"expired\""))
    #expect(output(Self.spanish) == english)
    #expect(output(Self.italian) == english)
  }

  // MARK: - Help

  /// Every key the command tree uses: abstracts, discussions, argument and option help.
  static func usedHelpKeys() -> [HelpKey] {
    var keys: [HelpKey] = []
    func add(_ key: HelpKey?) { if let key, !keys.contains(key) { keys.append(key) } }
    func walk(_ command: CommandSpec) {
      add(command.abstract)
      add(command.discussion)
      for argument in command.arguments { add(argument.help) }
      for option in command.options { add(option.help) }
      for subcommand in command.subcommands { walk(subcommand) }
    }
    walk(MetroBuddy.root)
    for option in GlobalOptions.specs { add(option.help) }
    return keys
  }

  /// The English of every help string the command tree shows.
  static func definitionStrings() -> [String] { usedHelpKeys().map(\.english) }

  static let translations: [(String, @Sendable (HelpKey) -> String)] = [
    ("Spanish", { Spanish.help($0) }), ("Italian", { Italian.help($0) }),
  ]

  /// Each language's word for a value a synopsis shows (`<amount>`), which
  /// its prose writes in capitals (`IMPORTE`).
  static let placeholderWords: [String: [String: String]] = [
    "Spanish": Spanish.placeholders, "Italian": Italian.placeholders,
  ]

  /// Each language has a text for every key: the compiler proves that (each
  /// language's `help` is an exhaustive `switch`). What it cannot prove: that
  /// every key is shown somewhere (a key no command uses is a string nobody
  /// reads), and that no translation is left in English.
  @Test func everyHelpKeyIsUsedAndTranslated() {
    let used = Self.usedHelpKeys()
    #expect(used.count > 60)
    let unused = HelpKey.allCases.filter { !used.contains($0) }
    #expect(unused.isEmpty, "keys no command shows: \(unused)")
    #expect(Set(HelpKey.allCases.map(\.english)).count == HelpKey.allCases.count, "two keys say the same")
    for (language, translate) in Self.translations {
      for key in HelpKey.allCases {
        #expect(translate(key) != key.english, "\(language) leaves it in English: \(key)")
        #expect(!translate(key).isEmpty, "\(language): \(key)")
      }
    }
  }

  /// Every placeholder a command shows (`--at <time>`, `<amount>`) has its
  /// word in each language: a word added or renamed in English without
  /// them would show in English in a Spanish or Italian synopsis.
  @Test func everyPlaceholderIsTranslated() {
    var words: Set<String> = []
    func walk(_ command: CommandSpec) {
      for argument in command.arguments { words.insert(argument.name) }
      for option in command.options { if let name = option.valueName { words.insert(name) } }
      command.subcommands.forEach(walk)
    }
    walk(MetroBuddy.root)
    #expect(words.contains("amount") && words.count > 20)
    for word in words.sorted() {
      #expect(Spanish.placeholders[word] != nil, "Spanish has no word for <\(word)>")
      #expect(Italian.placeholders[word] != nil, "Italian has no word for <\(word)>")
    }
  }

  /// Discussions keep their manual line breaks under 86 characters; one-line
  /// help stays on one line (help wraps it).
  @Test func translatedDefinitionsKeepTheirShape() {
    var discussions: Set<HelpKey> = []
    func walk(_ command: CommandSpec) {
      if let discussion = command.discussion { discussions.insert(discussion) }
      command.subcommands.forEach(walk)
    }
    walk(MetroBuddy.root)
    for (language, translate) in Self.translations {
      for key in HelpKey.allCases {
        let translation = translate(key)
        if discussions.contains(key) {
          for line in translation.split(separator: "\n") {
            #expect(line.count <= 85, "\(language): \(line)")
          }
        } else {
          #expect(!translation.contains("\n"), "\(language): \(translation)")
        }
      }
    }
  }

  /// Names typed on the command line and placeholders survive translation;
  /// a value named in capitals (`AMOUNT`, the `<amount>` of a synopsis) is
  /// named in the language's own word (`IMPORTE`, `IMPORTO`), as its
  /// synopsis shows it.
  @Test func translationsKeepNamesAndPlaceholders() throws {
    let pattern = try Regex(
      #"--[a-z][a-z-]*|\{[A-Za-z]+\}|\{\{|\}\}|'[a-z][a-z ]*'|\b[A-Z][A-Z0-9_]+\b|\$[A-Z_]+|~/[^ )]+"#)
    let dateLetters: Set<String> = ["YYYY", "MM", "DD", "DDTHH", "HH", "SS"]
    func tokens(_ text: String) -> [String] {
      text.matches(of: pattern).map { String(text[$0.range]) }.filter { !dateLetters.contains($0) }.sorted()
    }
    for (language, translate) in Self.translations {
      let words = Self.placeholderWords[language]!
      for key in HelpKey.allCases {
        let translation = translate(key)
        for token in Set(tokens(key.english)) {
          let expected = words[token.lowercased()].map { $0.uppercased() } ?? token
          #expect(translation.contains(expected), "\(language) drops \(expected): \(translation)")
          if expected != token, let pattern = try? Regex("\\b\(token)\\b") {
            #expect(!translation.contains(pattern), "\(language) leaves \(token) in English: \(translation)")
          }
        }
      }
    }
  }

  static let helpPaths: [[String]] =
    [[], ["card"]] + MetroBuddy.commandPaths.map { $0.split(separator: " ").map(String.init) }

  @Test(arguments: [spanish, italian])
  func helpHasNoEnglish(_ variables: [String: String]) {
    let englishWords = [
      "OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:", "GLOBAL OPTIONS", "COMMANDS:", "SUBCOMMANDS:", "EXAMPLES:",
      "(default", "Show help information.", "See '", "for detailed help",
    ]
    let cli = CLIHarness()
    let definitions = Self.definitionStrings()
    for path in Self.helpPaths {
      for arguments in [path + ["--help"], ["help"] + path] {
        let result = cli.run(arguments, variables: variables)
        #expect(result.status == 0, "\(arguments)")
        #expect(result.stderr.isEmpty)
        for word in englishWords {
          #expect(!result.stdout.contains(word), "\(arguments): \(word)")
        }
        for english in definitions where result.stdout.contains(english) {
          Issue.record("\(arguments) shows English: \(english)")
        }
      }
    }
    let root = cli.run(["--help"], variables: variables).stdout
    let headings =
      variables == Self.spanish
      ? ["DESCRIPCIÓN: ", "USO: metrobuddy", "OPCIONES:", "OPCIONES GLOBALES", "COMANDOS:", "EJEMPLOS:"]
      : ["PANORAMICA: ", "USO: metrobuddy", "OPZIONI:", "OPZIONI GLOBALI", "COMANDI:", "ESEMPI:"]
    for heading in headings { #expect(root.contains(heading), "\(heading)") }
  }

  @Test func englishHelpIsUnchanged() {
    let help = CLIHarness().run(["--help"], variables: Self.english).stdout
    #expect(help.hasPrefix("OVERVIEW: Track the balance of a transit card from the command line.\n"))
    #expect(help.contains("\nGLOBAL OPTIONS (before or after the command):\n"))
  }

  // MARK: - Usage errors

  struct UsageCase: Sendable, CustomTestStringConvertible {
    var variables: [String: String]
    var arguments: [String]
    var prefix: String
    var message: String
    var usage: String
    var seeHelp: String
    var testDescription: String { (variables["LANG"] ?? "") + " " + arguments.joined(separator: " ") }
  }

  static let usageCases: [UsageCase] = [
    UsageCase(
      variables: spanish, arguments: ["swpie"], prefix: "Error: ",
      message: "Comando desconocido 'swpie'. ¿Quiso decir 'swipe'?", usage: "Uso: metrobuddy [<opciones>] [<comando>]",
      seeHelp: "  Consulte 'metrobuddy --help' para más información."),
    UsageCase(
      variables: spanish, arguments: ["reload"], prefix: "Error: ",
      message: "Falta el argumento esperado '<importe>'.",
      usage: "Uso: metrobuddy reload <importe> [--at <momento>] [--key <clave>]",
      seeHelp: "  Consulte 'metrobuddy reload --help' para más información."),
    UsageCase(
      variables: spanish, arguments: ["card", "add", "w", "--fair", "3"], prefix: "Error: ",
      message: "Opción desconocida '--fair'. ¿Quiso decir '--fare'?",
      usage: "Uso: metrobuddy card add <nombre> [<opciones>]",
      seeHelp: "  Consulte 'metrobuddy card add --help' para más información."),
    UsageCase(
      variables: spanish, arguments: ["reload", "20,50"], prefix: "Error: ",
      message:
        "Valor no válido para '<importe>': '20,50' no es un importe; escriba dígitos y, si hace falta, un punto, como 20 o 2.75.",
      usage: "Uso: metrobuddy reload <importe> [--at <momento>] [--key <clave>]",
      seeHelp: "  Consulte 'metrobuddy reload --help' para más información."),
    UsageCase(
      variables: italian, arguments: ["swipe", "--count", "0"], prefix: "Errore: ",
      message: "Valore non valido per '--count <n>': '0' non è un numero intero da 1 a 1000.",
      usage: "Uso: metrobuddy swipe [<opzioni>]",
      seeHelp: "  Vedi 'metrobuddy swipe --help' per maggiori informazioni."),
    UsageCase(
      variables: italian, arguments: ["card"], prefix: "Errore: ",
      message: "Manca il sottocomando previsto: add, use, rename, merge o remove.",
      usage: "Uso: metrobuddy card <sottocomando>",
      seeHelp: "  Vedi 'metrobuddy card --help' per maggiori informazioni."),
  ]

  /// A usage line with every `<placeholder>` as `<>`.
  static func withoutPlaceholders(_ line: Substring) -> String {
    var result = ""
    var inside = false
    for character in line {
      if character == ">" { inside = false }
      if !inside { result.append(character) }
      if character == "<" { inside = true }
    }
    return result
  }

  @Test(arguments: usageCases)
  func usageErrorsKeepTheirThreeLines(_ usage: UsageCase) {
    let cli = CLIHarness()
    let before = cli.storeFiles()
    let result = cli.run(usage.arguments, variables: usage.variables)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == usage.prefix + usage.message + "\n" + usage.usage + "\n" + usage.seeHelp + "\n")
    #expect(cli.storeFiles() == before)
    // The same three lines as in English, with the same usage after the first word but for the
    // placeholders, which are in the reader's language.
    let english = cli.run(usage.arguments, variables: Self.english).stderr.split(separator: "\n")
    let translated = result.stderr.split(separator: "\n")
    #expect(english.count == 3 && translated.count == 3)
    if english.count == 3, translated.count == 3 {
      #expect(english[0].hasPrefix("Error: "))
      #expect(
        Self.withoutPlaceholders(english[1].drop { $0 != " " })
          == Self.withoutPlaceholders(translated[1].drop { $0 != " " }))
      #expect(english[2].hasPrefix("  ") && translated[2].hasPrefix("  "))
    }
  }

  // MARK: - The catalogues

  /// One message of every case of `Message` (and every problem and reason),
  /// so that each language is seen to say each one in its own words.
  static let samples: [Message] = [
    .storeWritableByOthers(directory: "/d"),
    .ownLogRefused(path: "/p", problem: .ownLogLostRecords(first: 4, last: 5)),
    .upgradeNotArrived(path: "/p"),
    .storeWarning(path: "/p", problem: .otherLogLostRecords(first: 3, last: 3)),
    .storeWarning(path: "/p", problem: .clockBehind(seconds: 31_539_600)),
    .storeWarning(path: "/p", problem: .clockBehind(seconds: 720)),
    .storeWarning(path: "/p", problem: .clockDoesNotFollow),
    .continuedAsNew(previous: "a", current: "b"), .continueAsNewSetByEnvironment(id: "x"),
    .retired(device: "phone", records: 3, log: "/s/devices/phone/"), .alreadyRetired(device: "phone", records: 3),
    .cannotRetireThisDevice("a"), .cannotRetireUnknown("x"), .cannotRetireLostRecords("phone", first: 2, last: 3),
    .deviceRetired(by: "laptop", through: 3),
    .ridesLeft(3), .rides(2), .expiration(date: "d", days: 3), .notSet, .labelFare, .labelExpiration, .labelSerial,
    .labelCard, .balanceLine(balance: "b", rides: 2),
    .swiped(count: 2, total: "t", why: "w", standing: "s"), .reloaded(amount: "a", balance: "b", rides: 1),
    .reloadAlreadyRecorded(key: "k", balance: "b", rides: 1), .balanceAlready(amount: "a"),
    .balanceSet(new: "n", old: "o", now: nil, rides: 1), .balanceSet(new: "n", old: "o", now: "w", rides: 1),
    .fareSet(new: "n", old: "o", rides: 1), .serialSet("s"),
    .serialCleared, .noSerial, .expirationSet(date: "d", days: 2), .expirationCleared, .noExpiration,
    .undid(amount: "a", balance: "b", rides: 1), .historyEmpty(card: "c"), .historyNoMatch,
    .updateType(.swipe), .updateType(.reload), .updateType(.adjustment), .updateType(.undo), .historyKey("k"),
    .historyUndoes("u"), .cardAdded(name: "n", kind: "k", balance: "b", fare: "f"), .cardIsDefault("n"),
    .cardRenamed(old: "o", new: "n"), .cardRemoved("n"),
    .imported(count: 2, card: "c", skipped: 1, balance: "b", rides: 1), .importReading("s"), .importSaving(2),
    .importedSpend(count: 2, card: "c", skipped: 1, standing: "s"),
    .invalidValue(name: "n", problem: .zones(.noSuchZone("x"))),
    .invalidValue(name: "n", problem: .zones(.capNotKnown("x"))),
    .timeOutOfRange("t"), .timeInFuture(time: "t", now: "n"), .clockOutOfRange("n"),
    .undidCommand(count: 2, amount: "a", balance: "b", rides: 1),
    .reloadKeyOtherAmount(key: "k", recorded: "r", asked: "a"),
    .reloadKeyUndone(key: "k"),
    .verifyNoStore(directory: "d"), .verifySound(directory: "d", cards: 2, updates: 3),
    .verifyDamaged(directory: "d", problems: 2), .verifyNote, .verifyInMemory,
    .deviceSummary(records: 3, latest: "2026-11-23 08:14", read: 10, length: 12),
    .deviceSummary(records: 1, latest: nil, read: 0, length: 0), .noDevicesYet, .historyDuplicate,
    .historyRepriced(from: "$3.00"), .historyTransferFound(from: "$3.00"), .historyTransferLost(from: "$0.00"),
    .belowZero("$2.00", .devicesApart), .belowZero("$2.00", .rideLetThrough), .belowZero("$2.00", .imported),
    .belowZero("$2.00", .history),
    .invalidDeviceID("a b", file: nil), .invalidDeviceID("a b", file: "/s/device"),
    .deviceIDUnsaved(path: "/s/device", reason: "r"), .deviceIDUnsaved(path: nil, reason: ""),
    .checkExpired(date: "d"), .checkExpiresSoon(date: "d", days: 3), .checkFewRides(rides: 0, balance: "b", fare: "f"),
    .checkBalanceBelow(balance: "b", minimum: "m"),
    .balanceReconciled(new: "n", old: "o", difference: "d", less: true, estimate: nil, now: nil, rides: 1),
    .balanceReconciled(new: "n", old: "o", difference: "d", less: true, estimate: nil, now: "w", rides: 1),
    .balanceReconciled(
      new: "n", old: "o", difference: "d", less: true, estimate: RideEstimate(rides: 1, fare: "f", exact: true),
      now: nil, rides: 1),
    .balanceReconciled(
      new: "n", old: "o", difference: "d", less: false, estimate: RideEstimate(rides: 2, fare: "f", exact: false),
      now: nil, rides: 1),
    .historyNote("n"), .noteRefused(.empty), .noteRefused(.tooLong(count: 201)), .noteRefused(.controlCharacter),
    .noteProblem(.controlCharacter), .noteNeedsAmount, .firstRunHint,
    .insufficientFare(balance: "b", fare: "f"), .insufficientFareForRides(count: 2, total: "t", balance: "b"),
    .insufficientFareHint, .expiredCard(date: "d"), .expiredCardHint, .nothingToUndo, .invalidCardName("n"),
    .invalidText(field: .serialNumber, value: "v"), .invalidText(field: .reloadKey, value: "v"), .invalidCount(0),
    .cardNotFound(name: "n", suggestion: "m", available: ["m"]), .cardExists("n"), .cannotRemoveDefault("n"),
    .cannotMerge(keep: "k", other: "o", reason: .sameCard),
    .cannotMerge(keep: "k", other: "o", reason: .currencies(keep: .usd, other: .usd)),
    .cannotMerge(keep: "k", other: "o", reason: .contactless(contactless: "o")),
    .cardsMerged(keep: "k", other: "o", balance: "b"),
    .storeWarning(path: "/p", problem: .cardNameShared(name: "w", shownAs: ["w", "w~2"])),
    .balanceOutOfRange, .storeDamaged(path: "p", line: 3, problem: .checksumMismatch),
    .verifyFinding(.lastUpdateUnterminated),
    .storeFromNewerVersion(path: "p", version: 9, supported: 1), .storeIO(verb: .open, path: "p", reason: "r"),
    .storeIO(verb: .read, path: "p", reason: "r"), .storeIO(verb: .create, path: "p", reason: "r"),
    .storeIO(verb: .lock, path: "p", reason: "r"), .storeIO(verb: .write, path: "p", reason: "r"),
    .savedDurabilityUnconfirmed(path: "p", reason: "r"), .storeBusy(path: "p", seconds: "0.5"),
    .writeFailed(path: "p", reason: .configuredToFail),
    .writeFailed(path: "p", reason: .wouldNotReadBack(.fieldNotWholeNumber(field: "amount"))),
    .importMalformed(source: "s", line: 3, column: .column("amount"), problem: .notAnAmount("x")),
    .importUnreadable(path: "p", reason: "r"),
    .invalidAmountValue("v", reason: .fareNotPositive), .invalidAmountValue("v", reason: .reloadNotPositive),
    .unknownOption("--x", suggestion: "--y"), .unknownCommand("x", suggestion: "y"), .flagTakesNoValue("f"),
    .missingValue("--v <v>"), .missingArgument("a"), .unexpectedArgument("a"), .missingSubcommand,
    .invalidValue(name: "n", problem: .amount(.empty, text: "")),
    .invalidValue(name: "n", problem: .amount(.notANumber, text: "x")),
    .invalidValue(name: "n", problem: .amount(.negative, text: "-1")),
    .invalidValue(name: "n", problem: .amount(.tooManyFractionDigits(allowed: 2), text: "1.234")),
    .invalidValue(name: "n", problem: .amount(.tooLarge(maximum: "100000.00"), text: "1e9")),
    .invalidValue(name: "n", problem: .amountNotPositive), .invalidValue(name: "n", problem: .notATime("x")),
    .invalidValue(name: "n", problem: .notADate("x")), .invalidValue(name: "n", problem: .count("x", maximum: 9)),
    .invalidValue(name: "n", problem: .wholeNumber("x")), .invalidValue(name: "n", problem: .historyType("x")),
    .invalidValue(name: "n", problem: .format("x")), .invalidValue(name: "n", problem: .text(maximum: 64)),
    .invalidValue(name: "n", problem: .cardName("x")),
    .invalidValue(name: "n", problem: .template(.unknownPlaceholder("x", known: ["name"]))),
    .invalidValue(name: "n", problem: .template(.unclosed)), .invalidValue(name: "n", problem: .template(.unopened)),
    .giveDateOrClear, .giveSerialOrClear, .atNeedsAmount, .removeNeedsForce("n"), .csvHoldsOneCard,
    .outputFailed(reason: "r", changed: true), .outputFailed(reason: "r", changed: false), .jsonOrCSV,
    .allOrCard,
    .formatFromName("p"), .lockTimeoutInvalid("x"), .noStoreLocation, .emptyStoreOption, .invalidUTF8("x"),
    .invalidCardNameOption("n"), .developer("d"),
    .pathsPurpose(.store), .pathsPurpose(.state), .pathsPurpose(.cache), .pathsNoFolder(.store),
    .pathsNoFolder(.state), .pathsNoFolder(.cache), .invalidValue(name: "n", problem: .pathsFolder("x")),
    .helpOverview, .helpUsage, .helpArguments, .helpOptions, .helpGlobalOptions, .helpCommands, .helpSubcommands,
    .helpExamples, .helpDefaultCommand, .helpDefaultValue("v"), .helpShowHelp,
    .helpSeeCommandHelp(command: "c", placeholder: .command),
    .helpSeeCommandHelp(command: "c", placeholder: .subcommand),
    .usageLine, .usageSeeHelp("c"), .errorPrefix, .definition(.cards(.addAbstract)), .placeholder("amount"),
    .noFare(mode: .express, date: "d", reduced: true), .noFare(mode: .subway, date: "d", reduced: false),
    .notStoredValue(.contactless), .notStoredValue(.londonContactless),
    .kindRefused(.customHasNoStandardFare, balance: nil), .kindRefused(.customNeedsFare, balance: nil),
    .kindRefused(.rulesOnlyForCustom(.metrocard), balance: nil),
    .kindRefused(.reducedMeansNothing(.custom), balance: nil),
    .kindRefused(.reducedNotKnown(.londonContactless), balance: nil),
    .kindRefused(.balanceNotZero(.zero, currency: .usd, to: .contactless), balance: "b"),
    .reducedOrFull, .fareOrStandard, .optionNeeds("--a", "--b"),
    .invalidValue(name: "n", problem: .kind("x", suggestion: "custom")),
    .invalidValue(name: "n", problem: .mode("x", suggestion: nil)),
    .invalidValue(name: "n", problem: .currency("x", suggestion: "USD")),
    .invalidValue(name: "n", problem: .capPeriod("x")), .invalidValue(name: "n", problem: .transferWindow("x")),
    .invalidValue(name: "n", problem: .transfers("x")),
    .fares(.labelKind), .fares(.labelMode), .fares(.kindName(.omnyCard, reduced: true)), .fares(.modeName(.bus)),
    .fares(.reasonName(.capped)), .fares(.noFareNow), .fares(.fareNone(mode: .express, date: "d")),
    .fares(.fareStandard(amount: "a", mode: .subway, reduced: true, since: "s")),
    .fares(.fareByHand(amount: "a", since: "s")), .fares(.capNotStarted(limit: "l", period: .rolling(days: 7))),
    .fares(.capStanding(period: .calendarMonth, paid: "p", limit: "l", free: false, until: "u")),
    .fares(.monthSpend("m")), .fares(.rideWhy(.transfer, free: true)), .fares(.rideCount(.capped, 2)),
    .fares(.spentSoFar), .fares(.fareStandardAgain(new: "n", old: "o")), .fares(.kindSet(new: "n", old: "o")),
    .fares(.kindLondonZones("1-4")),
    .fares(.modeSet(new: .bus, old: .subway, fare: "f")), .fares(.metroCardRefillsEnded),
    .fares(.reloadOverBalance(limit: "l", canLoad: "c")), .fares(.reloadOverBalance(limit: "l", canLoad: nil)),
    .fares(.reloadOverWindow(limit: "l", hours: 72, canLoad: "c", until: "u")),
    .fares(.reloadOverWindow(limit: "l", hours: 72, canLoad: nil, until: nil)),
    .fares(.reducedExpressUnknown(date: "d")),
    .forecast(.lastsUntil(tenths: 140, day: "d")), .forecast(.runsOutToday(tenths: 105)),
    .forecast(.lastsBeyond(tenths: 10, day: "d")), .forecast(.checkRunsOut(tenths: 140, days: 3, day: "d")),
    .forecast(.planLoad(amount: "a")), .forecast(.planNothing(balance: "b")),
    .forecast(.planTrips(trips: 20, tenths: 140, until: "u", cost: "c", saved: "s", balance: "b")),
    .forecast(.planAssumedPace(tenths: 100)), .forecast(.planRounded(from: "f")),
    .forecast(.planOverLimit(limit: "l")), .forecast(.planRidesOrUntil), .forecast(.planUntilPast("d")),
    .forecast(.planUntilTooFar("d")), .forecast(.noPace), .forecast(.noPaceHint),
    .stats(.periodHeading(.week)), .stats(.periodHeading(.month)), .stats(.ridesHeading), .stats(.spentHeading),
    .stats(.loadedHeading), .stats(.savedHeading), .stats(.total), .stats(.month(year: 2026, month: 11)),
    .stats(.unknownPeriodKind("t")), .stats(.sinceAfterUntil(since: "s", until: "u")),
    .fares(.capOverrun(period: .rolling(days: 7), paid: "p", limit: "l", over: "o", from: "f", until: "u")),
    .report(.title(month: "m")), .report(.card(name: "n", kind: "k", currency: "c")), .report(.dateHeading),
    .report(.timeHeading), .report(.modeHeading), .report(.reasonHeading), .report(.fareHeading),
    .report(.chargedHeading), .report(.noteHeading), .report(.modeTotal(mode: "m", rides: 2, spent: "s")),
    .report(.total(rides: 2, spent: "s", saved: "v")), .report(.loaded("l")), .report(.noRides),
    .report(.allCards(cards: 2, rides: 3, spent: "s")),
    .report(.limitLeft(limit: "l", source: .irs(year: 2026), left: "f")),
    .report(.limitOver(limit: "l", source: .byHand, over: "o")), .report(.noLimitKnown(year: 2024)),
    .report(.weeksHeading), .report(.week(first: "f", last: "l")), .report(.heatmapHeading),
    .report(.chargesHeading), .report(.madeBy(version: "v")),
    .report(.jsonOrFormat("html")), .report(.limitNeedsOneCurrency),
  ]

  /// The name of a case, such as `ridesLeft`.
  static func caseName(_ message: Message) -> String {
    Mirror(reflecting: message).children.first?.label ?? String(describing: message)
  }

  @Test func theSamplesCoverEveryMessage() throws {
    let source = try String(
      contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/MetroBuddyCLI/Localization/Message.swift").path,
      encoding: .utf8)
    let body = try #require(source.split(separator: "enum Message").dropFirst().first?.split(separator: "\n}").first)
    let declared = Set(body.matches(of: /\n\s*case (\w+)/).map { String($0.output.1) })
    #expect(declared.count > 100)
    #expect(Set(Self.samples.map(Self.caseName)) == declared)
  }

  /// What may read the same as English: the developers' text, and "Error:".
  static func sameAsEnglishIsRight(_ message: Message, _ language: Language) -> Bool {
    switch message {
    case .developer: true
    case .errorPrefix: language == .spanish
    case .stats(.total): language == .spanish
    // A card's name, kind and currency are as typed.
    case .report(.card): true
    default: false
    }
  }

  @Test(arguments: [Language.spanish, .italian])
  func everyMessageIsTranslated(_ language: Language) {
    let text = Localizer(language: language)
    for message in Self.samples {
      let translated = text(message)
      #expect(!translated.isEmpty)
      if !Self.sameAsEnglishIsRight(message, language) {
        #expect(translated != English.text(message), "\(message)")
      }
    }
    #expect(Spanish.text(.errorPrefix) == "Error:")
    #expect(Italian.text(.errorPrefix) == "Errore:")
    #expect(text(.developer("as given")) == "as given")
  }

  /// Commands and options stay as typed; their placeholders are translated;
  /// shown numbers use a comma.
  @Test func messagesKeepCommandsAndTranslatePlaceholders() {
    for (language, amount, date, name, command) in [
      (Language.spanish, "<importe>", "<fecha>", "<nombre>", "<comando>"),
      (.italian, "<importo>", "<data>", "<nome>", "<comando>"),
    ] {
      let text = Localizer(language: language)
      #expect(text(.insufficientFareHint).contains("'metrobuddy reload \(amount)'"))
      #expect(text(.expiredCardHint).contains("'metrobuddy expiration \(date)'"))
      #expect(text(.cannotRemoveDefault("w")).contains("'metrobuddy card use \(name)'"))
      #expect(
        text(.cardNotFound(name: "x", suggestion: nil, available: ["a", "b"])).contains("'metrobuddy card add \(name)'")
      )
      #expect(text(.csvHoldsOneCard).contains("'--all --format json'"))
      #expect(text(.storeBusy(path: "/s", seconds: "0.5")).contains(" 0,5 s.\n"))
      #expect(text(.storeBusy(path: "/s", seconds: "0.5")).contains("METROBUDDY_LOCK_TIMEOUT"))
      #expect(text(.storeIO(verb: .write, path: "/s/x", reason: "r")).contains("--store"))
      #expect(text(.invalidValue(name: "n", problem: .historyType("x"))).contains("swipe, reload, adjustment"))
      #expect(
        text(.helpSeeCommandHelp(command: "metrobuddy", placeholder: .command)).contains("'metrobuddy help \(command)'")
      )
      #expect(text(.usageSeeHelp("metrobuddy card")).contains("'metrobuddy card --help'"))
      for message in Self.samples where message != .developer("d") {
        for english in ["<amount>", "<date>", "<name>", "<time>", "<dir>", "<command>", "<subcommand>"] {
          #expect(!text(message).contains(english), "\(language) \(message)")
        }
      }
    }
  }
}
