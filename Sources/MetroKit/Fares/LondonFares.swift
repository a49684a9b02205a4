import FoundationEssentials

/// The fare zones a London pay as you go card is capped by: zone 1 to an
/// outer zone. TfL publishes a cap for every range of zones; metrobuddy
/// holds, with a source, only those from zone 1 (docs/fare-rules.md).
public struct LondonZones: Sendable, Hashable {
  /// The outer zone of the range that starts at zone 1: 1 to 6.
  public var outer: Int

  /// What is wrong with a range of zones as typed.
  public enum Problem: Error, Sendable, Hashable {
    /// Not zones at all: TfL's fare zones are numbered 1 to 9.
    case noSuchZone(String)
    /// Real zones whose cap metrobuddy does not know.
    case capNotKnown(String)
  }

  /// The ranges metrobuddy knows the caps of, as `--zones` takes them.
  public static let known = (1...6).map { $0 == 1 ? "1" : "1-\($0)" }

  /// Zones 1 and 2: what a card without zones is capped by.
  public static let centralPair = LondonZones(outer: 2)

  init(outer: Int) { self.outer = outer }

  /// Reads a range as typed: `1-2`, `1`, `2-4`.
  public init(_ text: String) throws(Problem) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    let numbers = parts.map { part -> Int? in
      guard !part.isEmpty, part.count <= 2, part.allSatisfy({ $0.isASCII && $0.isNumber }), let zone = Int(part),
        (1...9).contains(zone)
      else { return nil }
      return zone
    }
    guard (1...2).contains(parts.count), numbers.allSatisfy({ $0 != nil }) else { throw .noSuchZone(text) }
    let inner = numbers[0] ?? 0
    let outer = numbers.last.flatMap { $0 } ?? inner
    guard inner == 1, outer <= 6, outer >= inner else { throw .capNotKnown(text) }
    self.outer = outer
  }

  /// The range as `--zones` takes it and `show` says it.
  public var text: String { outer == 1 ? "1" : "1-\(outer)" }
}

/// London's pay as you go fares and caps (adult rate), each with the day it
/// took effect. The sources and their dates are listed in docs/fare-rules.md.
public enum LondonFares {
  /// A travel day starts at 04:30 London time and ends at 04:29 the next day.
  public static let travelDayStartMinute = 4 * 60 + 30

  /// The bus and tram fare, which with the Hopper pays for every bus and
  /// tram journey within an hour of the first touch.
  public static let bus = [StandardFares.entry("2023-03-05", 175)]
  /// The daily bus and tram cap.
  public static let busDailyCap = [StandardFares.entry("2023-03-05", 525)]
  /// The Monday to Sunday bus and tram cap.
  public static let busWeeklyCap = [StandardFares.entry("2023-03-05", 2470)]

  /// The daily cap of the zones from 2 March 2025 (frozen until March 2027).
  static let daily: [Int64] = [890, 890, 1050, 1280, 1530, 1630]
  /// The Monday to Sunday cap of the zones from 2 March 2025 (frozen until March 2027).
  static let weekly: [Int64] = [4470, 4470, 5250, 6420, 7640, 8160]

  /// The latest day any of these tables changes, for every range of zones.
  static let lastChange =
    ([bus, busDailyCap, busWeeklyCap]
    + (1...6).flatMap { [dailyCap(LondonZones(outer: $0)), weeklyCap(LondonZones(outer: $0))] })
    .joined().map(\.since).max() ?? CalendarDate(daysSinceEpoch: 0)

  /// The daily cap of travel in `zones` (tube, rail, bus and tram together).
  public static func dailyCap(_ zones: LondonZones) -> [StandardFares.Entry] {
    [StandardFares.entry("2025-03-02", daily[zones.outer - 1])]
  }

  /// The Monday to Sunday cap of travel in `zones`.
  public static func weeklyCap(_ zones: LondonZones) -> [StandardFares.Entry] {
    [StandardFares.entry("2025-03-02", weekly[zones.outer - 1])]
  }
}
