import Foundation
import MetroKit
import Testing

/// `check` says when to download and import an Oyster journey history again
/// (decision 104): exact text, `--json` and exit codes, each in a temporary store.
///
/// `tfl-week.csv`'s newest row is 06-Nov-2026 17:30 in London, so TfL's 8
/// weeks (56 days) keep its journeys online until 2027-01-01: import before it.
@Suite("check: import the agency history again")
struct ExportReminderGoldenTests {
  static let file = AgencyImportGoldenTests.fixtures + "/tfl-week.csv"

  /// A harness at `now` with an Oyster card `oyster` holding the imported
  /// week (with a tube fare set, so that it has rides left).
  static func oysterWeek(at now: String) throws -> CLIHarness {
    let cli = CLIHarness(now: try #require(ISO8601DateFormatter().date(from: now)))
    #expect(cli.run("card", "add", "oyster", "--kind", "london-payg", "--zones", "1-2", "--fare", "2.90").status == 0)
    #expect(cli.run("--card", "oyster", "import", file, "--format", "tfl").status == 0)
    return cli
  }

  static let before12Days =
    "oyster: download your Oyster journey history from TfL and import it before 2027-01-01, in 12 days "
    + "('metrobuddy import <file> --format tfl'): TfL shows only the last 8 weeks.\n"

  static let missed =
    "oyster: journeys since 2026-11-06 may be gone from your Oyster journey history, as TfL shows only the last "
    + "8 weeks: download it and import what is still there now ('metrobuddy import <file> --format tfl').\n"

  /// Seven weeks before the day: silent, exit 0; `--export-within` moves
  /// the lead time, day for day.
  @Test func silentBeforeTheLeadTime() throws {
    let cli = try Self.oysterWeek(at: "2026-11-21T13:15:00Z")
    #expect(cli.run("--card", "oyster", "check") == Invocation(stdout: "", stderr: "", status: 0))
    #expect(
      cli.run("--card", "oyster", "check", "--export-within", "40") == Invocation(stdout: "", stderr: "", status: 0))
    #expect(
      cli.run("--card", "oyster", "check", "--export-within", "41")
        == Invocation(
          stdout: "oyster: download your Oyster journey history from TfL and import it before 2027-01-01, in 41 days "
            + "('metrobuddy import <file> --format tfl'): TfL shows only the last 8 weeks.\n", stderr: "", status: 1))
  }

  /// Inside the default lead time (14 days): the line, exit 1; on the last
  /// day, "today".
  @Test func warnsInsideTheLeadTime() throws {
    let cli = try Self.oysterWeek(at: "2026-12-20T12:00:00Z")
    let before = cli.storeFiles()
    #expect(cli.run("--card", "oyster", "check") == Invocation(stdout: Self.before12Days, stderr: "", status: 1))
    #expect(
      cli.run("--card", "oyster", "check", "--export-within", "11") == Invocation(stdout: "", stderr: "", status: 0))
    #expect(cli.storeFiles() == before, "check is read-only")
    let lastDay = try Self.oysterWeek(at: "2026-12-31T23:59:00Z")
    #expect(
      lastDay.run("--card", "oyster", "check")
        == Invocation(
          stdout: "oyster: download your Oyster journey history from TfL and import it today "
            + "('metrobuddy import <file> --format tfl'): TfL shows only the last 8 weeks.\n", stderr: "", status: 1))
  }

  /// On the day and after it, journeys may be gone: said even with
  /// `--export-within 0`.
  @Test func saysWhatMayBeGoneOnceTheDayHasCome() throws {
    for now in ["2027-01-01T00:00:00Z", "2027-03-01T12:00:00Z"] {
      let cli = try Self.oysterWeek(at: now)
      #expect(cli.run("--card", "oyster", "check") == Invocation(stdout: Self.missed, stderr: "", status: 1), "\(now)")
      #expect(
        cli.run("--card", "oyster", "check", "--export-within", "0")
          == Invocation(stdout: Self.missed, stderr: "", status: 1), "\(now)")
    }
  }

  /// A later download imported moves the day; undoing it moves it back.
  @Test func theNewestImportedRowStandingCounts() throws {
    let cli = try Self.oysterWeek(at: "2026-12-20T12:00:00Z")
    let later = cli.directory + "/later.csv"
    try "Date,Start Time,End Time,Journey/Action,Charge,Credit,Balance,Note\n"
      .appending("18-Dec-2026,08:14,08:37,Brixton to Oxford Circus,2.90,,14.40,\n")
      .write(toFile: later, atomically: false, encoding: .utf8)
    #expect(cli.run("--card", "oyster", "import", later, "--format", "tfl").status == 0)
    #expect(cli.run("--card", "oyster", "check") == Invocation(stdout: "", stderr: "", status: 0))
    #expect(cli.run("--card", "oyster", "undo").status == 0)
    #expect(cli.run("--card", "oyster", "check") == Invocation(stdout: Self.before12Days, stderr: "", status: 1))
  }

  /// A card with only swipes and reloads recorded here is never warned,
  /// whatever the lead time and the day.
  @Test func aCardWithOnlySwipesIsNeverWarned() throws {
    let cli = CLIHarness(now: try #require(ISO8601DateFormatter().date(from: "2027-03-01T12:00:00Z")))
    cli.run("card", "add", "tube", "--kind", "london-payg", "--zones", "1-2", "--fare", "2.90", "--balance", "20")
    #expect(cli.run("--card", "tube", "swipe", "--mode", "bus", "--at", "2026-11-02T08:00").status == 0)
    #expect(cli.run("--card", "tube", "reload", "10", "--at", "2026-11-03T08:00").status == 0)
    #expect(
      cli.run("--card", "tube", "check", "--export-within", "3650") == Invocation(stdout: "", stderr: "", status: 0))
  }

  /// The history exported as JSON and imported into another store keeps
  /// its ids, and so the reminder.
  @Test func aRestoredHistoryIsStillWarned() throws {
    let source = try Self.oysterWeek(at: "2026-12-20T12:00:00Z")
    let json = source.run("--card", "oyster", "export", "--format", "json")
    #expect(json.status == 0)
    let target = CLIHarness(now: try #require(ISO8601DateFormatter().date(from: "2026-12-20T12:00:00Z")))
    let path = target.directory + "/oyster.json"
    try json.stdout.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(
      target.run("card", "add", "oyster", "--kind", "london-payg", "--zones", "1-2", "--fare", "2.90").status == 0)
    #expect(target.run("--card", "oyster", "import", path).status == 0)
    #expect(target.run("--card", "oyster", "check") == Invocation(stdout: Self.before12Days, stderr: "", status: 1))
  }

  /// `--json`: the problem and its numbers, no sentences, in any language.
  @Test func jsonGivesTheDaysNotSentences() throws {
    let cli = try Self.oysterWeek(at: "2026-12-20T12:00:00Z")
    let expected = """
      [
        {
          "card": "oyster",
          "problem": "export",
          "history": "tfl-oyster",
          "format": "tfl",
          "newestImported": "2026-11-06",
          "importBy": "2027-01-01",
          "daysLeft": 12,
          "windowDays": 56,
          "within": 14
        }
      ]

      """
    #expect(cli.run("--card", "oyster", "check", "--json") == Invocation(stdout: expected, stderr: "", status: 1))
    #expect(
      cli.run(["--card", "oyster", "check", "--json"], variables: ["LANG": "it_IT.UTF-8"])
        == Invocation(stdout: expected, stderr: "", status: 1))
    let past = try Self.oysterWeek(at: "2027-01-03T12:00:00Z")
    #expect(past.run("--card", "oyster", "check", "--json").stdout.contains("\"daysLeft\": -2,"))
  }

  /// Each sentence in Spanish and Italian.
  @Test func spanishAndItalian() throws {
    let soon = try Self.oysterWeek(at: "2026-12-20T12:00:00Z")
    let gone = try Self.oysterWeek(at: "2027-01-02T12:00:00Z")
    let spanish = ["LANG": "es_ES.UTF-8"]
    let italian = ["LANG": "it_IT.UTF-8"]
    #expect(
      soon.run(["--card", "oyster", "check"], variables: spanish)
        == Invocation(
          stdout: "oyster: descargue su historial de viajes Oyster de TfL e impórtelo antes del 01/01/2027, dentro de "
            + "12 días ('metrobuddy import <archivo> --format tfl'): TfL solo muestra las últimas 8 semanas.\n",
          stderr: "", status: 1))
    #expect(
      gone.run(["--card", "oyster", "check"], variables: spanish)
        == Invocation(
          stdout: "oyster: los viajes desde el 06/11/2026 pueden haber desaparecido de su historial de viajes Oyster, "
            + "porque TfL solo muestra las últimas 8 semanas: descárguelo e importe ahora lo que aún aparece "
            + "('metrobuddy import <archivo> --format tfl').\n", stderr: "", status: 1))
    #expect(
      soon.run(["--card", "oyster", "check"], variables: italian)
        == Invocation(
          stdout: "oyster: scarichi la cronologia dei viaggi Oyster da TfL e la importi prima del 01/01/2027, tra 12 "
            + "giorni ('metrobuddy import <file> --format tfl'): TfL mostra solo le ultime 8 settimane.\n",
          stderr: "", status: 1))
    #expect(
      gone.run(["--card", "oyster", "check"], variables: italian)
        == Invocation(
          stdout: "oyster: i viaggi dal 06/11/2026 potrebbero essere spariti dalla sua cronologia dei viaggi Oyster, "
            + "perché TfL mostra solo le ultime 8 settimane: la scarichi e importi ora ciò che c'è ancora "
            + "('metrobuddy import <file> --format tfl').\n", stderr: "", status: 1))
  }

  /// A bad `--export-within` is a usage error naming the option; nothing changes.
  @Test func aBadLeadTimeIsRefused() throws {
    let cli = try Self.oysterWeek(at: "2026-12-20T12:00:00Z")
    let before = cli.storeFiles()
    let result = cli.run("--card", "oyster", "check", "--export-within", "-1")
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "Error: Invalid value for '--export-within <days>': '-1' is not a whole number of 0 or more."), "\(result)")
    #expect(cli.storeFiles() == before)
  }
}
