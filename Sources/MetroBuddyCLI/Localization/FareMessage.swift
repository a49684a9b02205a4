import MetroKit

/// The sentences and words about fares, card kinds, modes and caps, a part
/// of ``Message`` kept apart so each catalogue renders them in its own file.
enum FareMessage: Equatable {
  case labelKind
  case labelMode
  /// `omny-card`, `omny-card, reduced fare`.
  case kindName(CardKind, reduced: Bool)
  /// A mode as a table shows it.
  case modeName(TravelMode)
  /// Why a ride cost what it did, in a word.
  case reasonName(RideReason)
  /// The fare column of a card with no fare now.
  case noFareNow
  /// `fare` for a card with no fare in its mode today.
  case fareNone(mode: TravelMode, date: String)
  /// `$3.00, the standard subway and local bus fare since 4 Jan 2026`.
  case fareStandard(amount: String, mode: TravelMode, reduced: Bool, since: String)
  /// `$2.50, set by hand on 21 Nov 2026`; `since` is `nil` for a fare set before fares had dates.
  case fareByHand(amount: String, since: String?)
  /// A cap whose period has not begun.
  case capNotStarted(limit: String, period: CapPeriod)
  /// Where the card stands in its cap period; `until` is when the period ends.
  case capStanding(period: CapPeriod, paid: String, limit: String, free: Bool, until: String)
  /// A cap of `limit` paid rides a calendar month (Toronto's) whose period has not begun.
  case rideCapNotStarted(limit: Int)
  /// Where the card stands under a cap of `limit` paid rides a calendar
  /// month; `until` is when the month ends.
  case rideCapStanding(paid: Int, limit: Int, until: String)
  /// What a contactless card has cost this month.
  case monthSpend(String)
  /// Why one ride cost what it did.
  case rideWhy(RideReason, free: Bool)
  /// How many of a swipe's rides had this reason.
  case rideCount(RideReason, Int)
  /// The rides-left column of a contactless card in `cards`.
  case spentSoFar
  case fareStandardAgain(new: String, old: String)
  case kindSet(new: String, old: String)
  case modeSet(new: TravelMode, old: TravelMode, fare: String)
  /// A MetroCard reload dated after refills ended: recorded, but said.
  case metroCardRefillsEnded
  /// Heads the rides whose recorded charge the rules would not have made.
  case fareDifferences(count: Int)
  /// One such ride: when, how, what was charged, what the rules charge and why.
  case fareDifference(time: String, mode: TravelMode, charged: String, expected: String, reason: RideReason)
  /// Every ride checked agrees with the rules.
  case faresAgree(rides: Int)
  /// `verify --fares`: the card whose rides follow.
  case faresOfCard(String)
  /// A zip that could not be read.
  case archive(path: String, problem: UnzipRunner.Failure)
  /// After a custom card's kind: the zone its rules read.
  case kindZone(String)
  /// After a London card's kind: the zones its caps are for, such as `1-4`.
  case kindLondonZones(String)
  /// Where the cap period a backdated ride landed in stands after it, from
  /// `from` to `until`: `That week (Mon 2 Nov 08:14 to Mon 9 Nov 08:14): $6.00 of $35.00.`
  case capStandingThen(period: CapPeriod, paid: String, limit: String, free: Bool, from: String, until: String)
  /// Where the card stands under its express cap, when an express ride
  /// opened a period that is still running.
  case expressCapStanding(period: CapPeriod, paid: String, limit: String, free: Bool, until: String)
  /// `check` and `verify`: a cap period charged more than its cap, from
  /// `from` to `until` in the agency's zone, by `over`.
  case capOverrun(period: CapPeriod, paid: String, limit: String, over: String, from: String, until: String)
  /// A reload refused because the card would hold more than `limit`;
  /// `canLoad` is what may still be loaded now, `nil` when nothing may.
  case reloadOverBalance(limit: String, canLoad: String?)
  /// A reload refused because more than `limit` would be loaded in `hours`
  /// hours; `canLoad` as above, until `until` (`nil`: not known).
  case reloadOverWindow(limit: String, hours: Int, canLoad: String?, until: String?)
  /// An express ride on a reduced-fare card on `date`: the fare is not known.
  case reducedExpressUnknown(date: String)
  /// After an import's summary and in `verify --fares`: a London card's
  /// travel days and weeks not checked against the cap of its zones, and
  /// why: `zones` are the card's zones, which the charges do not fit;
  /// `nil` when the card has none.
  case capsNotChecked(days: Int, weeks: Int, zones: String?)
  /// After an import's summary: rows of the file that moved no money
  /// (a season ticket added, a refund of nothing), not recorded.
  case noMoneyRows(Int)
  /// After an import's summary and in `verify --fares`: incomplete
  /// journeys charged a maximum fare, `total` in all, each a possible
  /// refund to claim from TfL (decision 100).
  case possibleRefunds(count: Int, total: String)
  /// One such journey: when, how, and what it was charged.
  case possibleRefund(time: String, mode: TravelMode, charged: String)
  /// After the summary of a SmarTrip or PATH import: rows that moved no
  /// money (a ride on a pass or a trip pack, an entry with no exit yet), not recorded.
  case passRowsNotRecorded(Int)
  /// The same after a PATH import: rides on a pass or a trip pack.
  case tripPackRidesNotRecorded(Int)
  /// The same after a PRESTO import: period passes loaded.
  case passLoadsNotRecorded(Int)
  /// After the fare check of a custom card: rides charged what its rules
  /// cannot know (a rail fare by distance, a transfer or a pass the card has
  /// no rule for), taken from the agency's file and not checked.
  case faresNotChecked(Int)
}
