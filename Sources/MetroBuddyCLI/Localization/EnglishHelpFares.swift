extension English {
  /// The English help of the fare options, fare, kind and mode (`HelpKey.Fares`).
  static func help(_ key: HelpKey.Fares) -> String {
    switch key {
    case .fareOptionKind:
      "omny-card (the default), contactless, metrocard, custom, london-payg, london-contactless or ttc-presto: decides the fare rules."
    case .fareOptionCardMode: "How a ride is taken unless swipe says: subway, bus or express."
    case .fareOptionRideMode: "How this ride is taken: subway, bus or express (default: the card's mode)."
    case .fareOptionCurrency: "The ISO 4217 code of the card's money, such as USD, EUR or JPY."
    case .fareOptionReduced: "Pay reduced fares (65+, disability, Fair Fares): half the fare and cap."
    case .fareOptionFull: "Pay full fares again."
    case .fareOptionFare: "A fare set by hand for every ride (needed for custom; default: the standard fares)."
    case .fareOptionCap: "Custom: rides are free once this much is paid in a cap period."
    case .fareOptionCapPeriod:
      "Custom: the cap's period: Nd (N days from the first paid ride), day, week or month (default: 7d)."
    case .fareOptionExpressFare: "Custom: the fare of an express ride (default: no express rides)."
    case .fareOptionExpressCap: "Custom: the cap on express rides, in the same period as --cap."
    case .fareOptionTransferWindow: "Custom: rides this many minutes after a paid ride are transfers (default: none)."
    case .fareOptionTransfers: "Custom: how many transfers one paid ride gives (default: 1 with --transfer-window)."
    case .fareOptionZone:
      "Custom: the time zone the rules read, such as America/Chicago or a POSIX TZ rule (default: the machine's)."
    case .fareOptionZones:
      "London: the zones of a london-payg or london-contactless card's daily and weekly caps, 1 to 1-6 (default: 1-2). "
        + "Tube fares are not built in: give one with --fare."
    case .fareAbstract: "Print the fare in force and where it comes from, or set it to AMOUNT."
    case .fareDiscussion:
      """
      A fare set by hand applies from now on, in place of the standard fare; rides
      already recorded keep what they were charged. --standard goes back to the
      standard fares.
      """
    case .fareAmountArgument: "The new fare, more than zero, such as 3 or 2.90."
    case .fareStandard: "Go back to the standard fares."
    case .kindAbstract: "Print the card's kind, or change it to KIND."
    case .kindDiscussion:
      """
      A card becomes contactless, or stops being contactless, only at a zero balance.
      A custom card needs a fare set by hand first ('metrobuddy fare <amount>').
      Rides already recorded keep what they were charged.
      """
    case .kindKindArgument: "omny-card, contactless, metrocard, custom, london-payg, london-contactless or ttc-presto."
    case .modeAbstract: "Print how a ride is taken when swipe does not say, or set it to MODE."
    case .modeModeArgument: "subway, bus or express."
    }
  }
}
