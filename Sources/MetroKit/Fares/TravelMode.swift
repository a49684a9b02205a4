/// How a ride is taken, which decides its fare and whether it can be a transfer.
public enum TravelMode: String, Sendable, Hashable, Codable, CaseIterable {
  /// A subway (or metro, underground) ride: local fare.
  case subway
  /// A local bus ride: local fare.
  case bus
  /// An express bus ride: its own, higher fare and cap.
  case express
  /// A ride that no cap or transfer counts, charged what an agency's file
  /// says (London's river services, a ticket bought with pay as you go):
  /// only an import records one; it has no fare of its own.
  case uncapped

  /// Whether the ride pays the local fare and counts toward the local cap.
  public var isLocal: Bool { self == .subway || self == .bus }

  /// The modes a rider takes with `swipe` and `mode` (every one but ``uncapped``).
  public static let riderModes: [TravelMode] = [.subway, .bus, .express]
}

/// Why a ride was charged what it was.
public enum RideReason: String, Sendable, Hashable, Codable, CaseIterable {
  /// The full fare of its mode.
  case paid
  /// Part of the fare: the ride that reached the period's cap.
  case partial
  /// Nothing: the period's cap was already reached.
  case capped
  /// A transfer from a paid ride: free, or the difference on a step-up to express.
  case transfer
  /// The full fare of a companion's ride, tapped with the same card or
  /// phone: it counts toward no cap and gives no transfer.
  case companion
  /// A maximum fare: a journey the agency could not complete (no touch in
  /// or no touch out), charged the most it could have cost. It counts
  /// toward no cap and gives no transfer, and part of it may be refunded
  /// on a claim (decision 100). Only an import records one.
  case maximumFare = "maximum-fare"
}
