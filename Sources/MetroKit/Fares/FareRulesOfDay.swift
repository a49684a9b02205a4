import FoundationEssentials

/// A card's rules kept for the span of time they last: one local day of the
/// card's zone (``MetroCard/rules(at:in:)`` depends only on the day), cut at
/// the time a fare set by hand starts. Rides come in time order, mostly many
/// to a day, so a fold or a walk of a card's rides works the rules out once
/// a day instead of once a ride. Two spans are kept: a walk that also
/// settles rides weeks behind the latest asks for two days in turn.
///
/// It is a cache, not a value: two are always equal, so that a fold that
/// holds one compares by what it folded.
struct FareRulesOfDay: Equatable, Sendable {
  /// What the rules were worked out from: the card's fare attributes and the machine's zone.
  private struct Source: Sendable {
    var kind: CardKind
    var isReduced: Bool
    var fareByHand: HandFare?
    var customRules: CustomFareRules?
    var londonZones: LondonZones?
    var machine: LocalTimeZone

    init(_ card: MetroCard, _ machine: LocalTimeZone) {
      kind = card.kind
      isReduced = card.isReduced
      fareByHand = card.fareByHand
      customRules = card.customRules
      londonZones = card.londonZones
      self.machine = machine
    }

    /// Whether `card`'s rules in `machine` are worked out from this (read
    /// in place: a forecast asks for every trip).
    func isSource(of card: MetroCard, in machine: LocalTimeZone) -> Bool {
      kind == card.kind && isReduced == card.isReduced && fareByHand == card.fareByHand
        && londonZones == card.londonZones && self.machine == machine && customRules == card.customRules
    }
  }

  /// The latest spans asked for, the latest first.
  private var kept: [(source: Source, seconds: Range<Int64>, rules: FareRules)] = []

  init() {}

  static func == (_: Self, _: Self) -> Bool { true }

  /// `card.rules(at: time, in: machine)`, worked out again only when `time`
  /// falls outside the span of the rules kept, or the card's fare
  /// attributes changed.
  mutating func rules(of card: MetroCard, at time: Date, in machine: LocalTimeZone) -> FareRules {
    let second = Int64(time.timeIntervalSince1970.rounded(.down))
    for index in kept.indices
    where kept[index].seconds.contains(second) && kept[index].source.isSource(of: card, in: machine) {
      if index > 0 { kept.swapAt(0, index) }
      return kept[0].rules
    }
    let rules = card.rules(at: time, in: machine)
    if kept.count == 2 { kept.removeLast() }
    kept.insert((Source(card, machine), Self.span(of: second, card: card, machine: machine), rules), at: 0)
    return rules
  }

  /// The seconds around `second` that share its rules: its local day, when
  /// the zone's offset is the same all day (otherwise only `second`), and
  /// only on one side of the time a fare set by hand starts.
  static func span(of second: Int64, card: MetroCard, machine: LocalTimeZone) -> Range<Int64> {
    let zone = card.rulesZone(machine)
    let offset = Int64(zone.secondsEastOfUTC(at: second))
    let start = second - (second + offset - (second + offset).floorDivided(by: 86_400) * 86_400)
    let end = start + 86_400
    guard Int64(zone.secondsEastOfUTC(at: start)) == offset, Int64(zone.secondsEastOfUTC(at: end - 1)) == offset
    else { return second..<second + 1 }
    guard let since = card.fareByHand?.since else { return start..<end }
    // The rules read `since <= time`. A fare that starts within a second
    // splits it: that second's rules are kept for no time at all.
    let starts = since.timeIntervalSince1970
    let before = Int64(starts.rounded(.down))
    let after = Int64(starts.rounded(.up))
    guard start < after, before < end else { return start..<end }
    if second < before { return start..<before }
    if second >= after { return after..<end }
    return second..<second
  }
}
