extension MetroCard {
  /// The zone the card's rules read: its kind's agency's (New York's for
  /// an OMNY card, a contactless card and a MetroCard), or a custom card's
  /// own; `nil` for a custom card without one, which reads the machine's.
  public var zone: AgencyZone? { kind.agencyZone ?? customRules?.zone }

  /// The zone the card's rules read, on a machine whose zone is `machine`:
  /// the fare in force on a day, cap periods, transfers, the days of stats
  /// and the forecast, and the local times of an agency's files.
  public func rulesZone(_ machine: LocalTimeZone) -> LocalTimeZone { zone?.timeZone ?? machine }
}
