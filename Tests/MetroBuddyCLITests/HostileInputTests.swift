import Foundation
import Testing

/// Hostile values for every argument that takes an amount, a date, a time, a
/// card name, a serial number or a key: each is refused with exit 64, a
/// message that names the value (where it can be shown) and the expected
/// form, nothing on stdout, and nothing written.
@Suite("Hostile input")
struct HostileInputTests {
  // MARK: - Amounts

  /// The amount grammar's refusals, with the words the message must hold.
  static let badAmounts: [(text: String, expected: String)] = [
    ("20abc", "'20abc' is not an amount; write digits with an optional point, such as 20 or 2.75."),
    ("2,75", "'2,75' is not an amount; write digits"),
    ("$20", "'$20' is not an amount; write digits"),
    ("-5", "'-5' is negative; amounts are positive, such as 20 or 2.75."),
    ("+5", "'+5' is not an amount; write digits"),
    ("1e3", "'1e3' is not an amount; write digits"),
    ("NaN", "'NaN' is not an amount; write digits"),
    ("inf", "'inf' is not an amount; write digits"),
    ("20.505", "'20.505' has more than 2 digits after the point."),
    ("", "The amount is empty; write it as digits with an optional point, such as 20 or 2.75."),
    (" 20", "' 20' is not an amount; write digits"),
    ("20 ", "'20 ' is not an amount; write digits"),
    ("0x10", "'0x10' is not an amount; write digits"),
    ("２０", "'２０' is not an amount; write digits"),
    ("٢٠", "'٢٠' is not an amount; write digits"),
    ("99999999999", "'99999999999' is larger than the largest amount, 100000.00."),
    ("100000.01", "'100000.01' is larger than the largest amount, 100000.00."),
    ("20.", "'20.' is not an amount; write digits"),
    (".5", "'.5' is not an amount; write digits"),
    ("1.2.3", "'1.2.3' is not an amount; write digits"),
  ]

  /// Every place that takes an AMOUNT, with `AMOUNT` where it goes.
  static let amountPlaces: [[String]] = [
    ["reload", "AMOUNT"], ["balance", "AMOUNT"], ["fare", "AMOUNT"], ["card", "add", "weekend", "--fare", "AMOUNT"],
    ["card", "add", "weekend", "--balance", "AMOUNT"], ["card", "add", "weekend", "--fare=AMOUNT"],
    ["reload", "--at", "2026-11-21", "AMOUNT"],
  ]

  @Test("a malformed amount is refused everywhere an amount is taken", arguments: amountPlaces)
  func malformedAmounts(place: [String]) throws {
    for (text, expected) in Self.badAmounts {
      let arguments = place.map { $0.replacingOccurrences(of: "AMOUNT", with: text) }
      expectRefused(arguments, mentioning: [expected], "\(place.joined(separator: " ")) with '\(text)'")
    }
  }

  @Test("the largest amount is accepted, so the refusal above it is the limit and not the form")
  func largestAmountIsAccepted() {
    let harness = CLIHarness()
    // A MetroCard: an OMNY card holds at most $315.00.
    #expect(harness.run("kind", "metrocard").status == 0)
    #expect(harness.run("reload", "100000.00").status == 0)
    #expect(harness.run("fare", "100000").status == 0)
  }

  // MARK: - Dates

  static let badDates = [
    "2030-02-30", "2030-2-3", "20300320", "2030-03-20T00:00", " 2030-03-20", "2030-03-20 ", "", "２０３０-03-20",
    "0000-01-01", "2030-13-01",
  ]

  @Test(
    "a malformed or impossible date is refused",
    arguments: [["expiration"], ["history", "--since"], ["history", "--until"]])
  func malformedDates(prefix: [String]) {
    for text in Self.badDates {
      expectRefused(prefix + [text], mentioning: ["'\(text)'", "YYYY-MM-DD"], "\(prefix) '\(text)'")
    }
  }

  // MARK: - Times

  static let badTimes = [
    "24:00", "12:00", "2026-11-21T24:00", "2026-11-21T12:60", "2026-11-21T12:00:60", "2026-11-21T12:00+25:00",
    "2026-11-21T12:00-24:00", "2026-11-21T12:00+05:60", "2026-11-21T12:00+0530", "2026-11-21T12:00Zjunk",
    "2026-11-21T12:00:00 ", "2026-11-21x", "2026-11-21T", "2026-11-21T1:00", "2026-02-30T12:00", "", " 2026-11-21",
    "2026-11-21T12:00z", "now",
  ]

  @Test(
    "a malformed --at time is refused by every command that takes one",
    arguments: [["swipe"], ["reload", "5"], ["balance", "5"]])
  func malformedTimes(prefix: [String]) {
    for text in Self.badTimes {
      expectRefused(
        prefix + ["--at", text], mentioning: ["'\(text)'", "YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]", "±HH:MM"],
        "\(prefix) --at '\(text)'")
    }
  }

  // MARK: - Card names

  static let badNames = [
    "Work", "WORK", "_work", String(repeating: "a", count: 33), "my card", "a/b", "..", "../etc", "café", "",
    "a\u{0}b", "a\nb", "tab\t", "\u{202E}evil",
  ]

  @Test(
    "a card name outside the rule is refused wherever a new name is given",
    arguments: [["card", "add"], ["card", "rename", "default"]])
  func badCardNames(prefix: [String]) {
    for name in Self.badNames {
      // Echoed with its control and format characters escaped (`\u{…}`): none reaches the terminal.
      let shown = name.unicodeScalars.map {
        $0 != "\n" && [.control, .format].contains($0.properties.generalCategory)
          ? "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" : String($0)
      }.joined()
      expectRefused(
        prefix + ["--", name], mentioning: ["'\(shown)'", "1 to 32 of a-z, 0-9, '-' and '_'"], "\(prefix) '\(name)'")
    }
  }

  @Test("a name that starts with '-' is an unknown option unless it follows '--'")
  func leadingDashName() {
    // As in swift-argument-parser, '-work' reads as the short flags -w -o -r -k.
    expectRefused(["card", "add", "-work"], mentioning: ["Unknown option '-w'"], "card add -work")
    expectRefused(
      ["card", "add", "--", "-work"], mentioning: ["'-work'", "starting with a letter or digit"], "card add -- -work")
  }

  @Test("33 characters is one too many; 32 are accepted")
  func nameLengthLimit() {
    let harness = CLIHarness()
    #expect(harness.run("card", "add", String(repeating: "a", count: 32)).status == 0)
  }

  // MARK: - Serial numbers and keys

  static let badTexts = [
    "", " 123", "123 ", "12\n34", "12\r34", "tab\there", "\u{1B}[31mred", "del\u{7F}", "nul\u{0}",
    String(repeating: "9", count: 65),
  ]

  @Test("a serial number or key with control characters, surrounding spaces or 65+ characters is refused")
  func badSerialsAndKeys() {
    for text in Self.badTexts {
      // The value is not echoed (it may hold control characters); the argument and the form are named.
      expectRefused(["serial", text], mentioning: ["'<number>'", "1 to 64 characters"], "serial '\(text)'")
      expectRefused(
        ["reload", "5", "--key", text], mentioning: ["'--key <key>'", "1 to 64 characters"], "key '\(text)'")
    }
    let harness = CLIHarness()
    #expect(harness.run("serial", String(repeating: "9", count: 64)).status == 0)
  }

  // MARK: - Long and non-UTF-8 arguments

  @Test("a one-megabyte argument is refused in every place, quickly")
  func megabyteArguments() {
    let huge = String(repeating: "7", count: 1 << 20)
    for arguments in [
      ["reload", huge], ["card", "add", huge], ["serial", huge], ["reload", "5", "--key", huge],
      ["expiration", huge], ["swipe", "--at", huge], ["--card", huge, "swipe"], [huge],
    ] {
      expectRefused(arguments, mentioning: [], "a 1 MB argument to \(arguments.filter { $0.count < 100 })")
    }
  }

  @Test("text that was not UTF-8 (repaired to U+FFFD) is refused, so two different keys never become one")
  func replacementCharacter() {
    for arguments in [["reload", "5", "--key", "k\u{FFFD}"], ["serial", "s\u{FFFD}"], ["--card=\u{FFFD}", "show"]] {
      expectRefused(arguments, mentioning: ["\u{FFFD}", "not valid UTF-8"], "\(arguments)")
    }
  }

  // MARK: - The check

  /// Runs `arguments` against a store that already holds a card and history
  /// and against no store at all; both must refuse with 64 and write nothing.
  func expectRefused(
    _ arguments: [String], mentioning fragments: [String], _ comment: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let harness = CLIHarness()
    let fresh = harness.run(arguments)
    #expect(fresh.status == 64, "\(comment): \(fresh)", sourceLocation: sourceLocation)
    #expect(harness.storeFiles().isEmpty, "\(comment) created a store", sourceLocation: sourceLocation)

    #expect(harness.run("reload", "20", "--key", "setup").status == 0, sourceLocation: sourceLocation)
    #expect(harness.run("card", "add", "work").status == 0, sourceLocation: sourceLocation)
    let before = harness.storeFiles()
    let refused = harness.run(arguments)
    #expect(refused.status == 64, "\(comment): \(refused)", sourceLocation: sourceLocation)
    #expect(refused.stdout.isEmpty, "\(comment): \(refused)", sourceLocation: sourceLocation)
    #expect(refused.stderr.hasPrefix("Error: "), "\(comment): \(refused)", sourceLocation: sourceLocation)
    #expect(refused.stderr.contains("Usage: metrobuddy"), "\(comment): \(refused)", sourceLocation: sourceLocation)
    for fragment in fragments {
      #expect(refused.stderr.contains(fragment), "\(comment): \(refused.stderr)", sourceLocation: sourceLocation)
    }
    #expect(harness.storeFiles() == before, "\(comment) changed the store", sourceLocation: sourceLocation)
  }
}
