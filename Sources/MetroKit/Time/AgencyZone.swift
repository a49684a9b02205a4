/// The time zone a card's fare rules read: its agency's. A fare "from
/// 2026-01-04" starts at midnight in New York whatever zone the rider's
/// machine is set to; only display uses the machine's zone.
///
/// A zone is kept as its name and its POSIX rule, so that a card's rules
/// give the same answer on every machine, with or without a time zone
/// database: the rule is the zone's current one, right for every day since
/// it came into force (New York's since 2007, London's since 1996) and
/// until it changes.
public struct AgencyZone: Sendable, Hashable {
  /// The name riders know: `America/New_York`, or a rule given as such.
  public let name: String
  /// The rule that turns instants into local times.
  public let rule: PosixTimeZone

  /// Creates a zone from a name and its rule.
  public init(name: String, rule: PosixTimeZone) {
    self.name = name
    self.rule = rule
  }

  /// New York (MTA): Eastern time, daylight saving time from the second
  /// Sunday of March to the first Sunday of November, as since 2007.
  public static let newYork = AgencyZone(name: "America/New_York", rule: PosixTimeZone("EST5EDT,M3.2.0,M11.1.0")!)
  /// London (TfL): GMT, British Summer Time from the last Sunday of March
  /// to the last Sunday of October at 01:00 UTC, as since 1996.
  public static let london = AgencyZone(name: "Europe/London", rule: PosixTimeZone("GMT0BST,M3.5.0/1,M10.5.0")!)
  /// Toronto (TTC): Eastern time, with New York's rule since 2007.
  public static let toronto = AgencyZone(name: "America/Toronto", rule: PosixTimeZone("EST5EDT,M3.2.0,M11.1.0")!)
  /// Coordinated Universal Time.
  public static let utc = AgencyZone(name: "UTC", rule: PosixTimeZone("UTC0")!)

  /// The zones known without a time zone database.
  public static let builtIn = [newYork, london, toronto, utc]

  /// The longest zone name or rule kept.
  public static let maximumNameLength = 64

  /// Whether `name` can name a zone in the store: 1 to
  /// ``maximumNameLength`` printable ASCII characters.
  public static func isKeepableName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= maximumNameLength && name.utf8.allSatisfy { (0x21...0x7E).contains($0) }
  }

  /// The rules of the zone, for the calendar.
  public var timeZone: LocalTimeZone { .posix(rule) }

  /// A zone known without a database: a built-in one by its name, or a
  /// POSIX rule (`JST-9`, `CET-1CEST,M3.5.0,M10.5.0/3`) named by itself.
  public static func named(_ text: String) -> AgencyZone? {
    if let zone = builtIn.first(where: { $0.name == text }) { return zone }
    if text == "Etc/UTC" { return AgencyZone(name: text, rule: utc.rule) }
    guard text.utf8.count <= maximumNameLength, let rule = PosixTimeZone(text) else { return nil }
    return AgencyZone(name: text, rule: rule)
  }

  /// A zone of the time zone database, from its file (TZif, version 2 or
  /// later, which ends with the zone's current POSIX rule); `nil` when the
  /// bytes are not such a file.
  public init?(name: String, tzif bytes: [UInt8]) {
    guard Self.isDatabaseName(name), bytes.count > 6, bytes.starts(with: Array("TZif".utf8)),
      bytes[4] >= UInt8(ascii: "2"),
      bytes.last == UInt8(ascii: "\n")
    else { return nil }
    let body = bytes.dropLast()
    guard let newline = body.lastIndex(of: UInt8(ascii: "\n")),
      let rule = PosixTimeZone(String(decoding: body[(newline + 1)...], as: UTF8.self))
    else { return nil }
    self.init(name: name, rule: rule)
  }

  /// Whether `name` can be a zone of the time zone database (`Asia/Tokyo`):
  /// parts of letters, digits, `_`, `+` and `-` between slashes, none
  /// starting with a dot, so that it names a file under the database's
  /// folder and nothing outside it.
  public static func isDatabaseName(_ name: String) -> Bool {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    return !name.isEmpty && name.utf8.count <= maximumNameLength
      && parts.allSatisfy { part in
        !part.isEmpty && part.first != "-"
          && part.utf8.allSatisfy { byte in
            byte.isASCIILetterOrDigit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+")
              || byte == UInt8(ascii: "-")
          }
      }
  }
}

extension CardKind {
  /// The zone of the agency whose fares the kind pays (London's for a
  /// London pay-as-you-go card); `nil` for a custom
  /// card, whose zone is its own (or, when it has none, the machine's).
  public var agencyZone: AgencyZone? {
    switch self {
    case .omnyCard, .contactless, .metrocard: .newYork
    case .londonPayg, .londonContactless: .london
    case .ttcPresto: .toronto
    case .custom: nil
    }
  }
}

extension UInt8 {
  fileprivate var isASCIILetterOrDigit: Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
  }
}

extension AgencyFormat {
  /// The zone of the agency whose files these are: the file's local times
  /// are its.
  package var zone: AgencyZone {
    switch self {
    case .tfl: .london
    case .omny: .newYork
    case .smartrip, .path: .newYork
    case .presto: .toronto
    }
  }

  /// The zone a file imported into `card` is read in: the file's agency's,
  /// whose clocks wrote its local times (a TfL statement imported into a
  /// contactless card, whose kind is New York's, is still London's), or a
  /// custom card's own zone when it has one. Never the machine's: the same
  /// file gives the same instants, and so the same ids, on every machine.
  package func zone(for card: MetroCard) -> LocalTimeZone {
    card.kind == .custom ? (card.zone?.timeZone ?? zone.timeZone) : zone.timeZone
  }
}
