/// How a ride is taken, which decides its fare and whether it can be a transfer.
public enum TravelMode: String, Sendable, Hashable, Codable, CaseIterable {
  /// A subway (or metro, underground) ride: local fare.
  case subway
  /// A local bus ride: local fare.
  case bus
  /// An express bus ride: its own, higher fare and cap.
  case express

  /// Whether the ride pays the local fare and counts toward the local cap.
  public var isLocal: Bool { self != .express }
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
}
